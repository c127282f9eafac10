// The Idempotency-Key fingerprint covers the raw bytes of any body (binary, multipart, a body the
// handler never reads), and leaves the handler its stream, against the real database.
import { describe, expect, it } from "vitest";
import { api } from "../../lib/http/api";
import { connectTestDatabase, uniqueName } from "../support/fixtures";
import { keyed, noParams, request } from "../support/idempotency-requests";

connectTestDatabase();

describe("the fingerprint is of the raw bytes, whatever the body", () => {
  it("replays an identical binary body, refuses one that differs by a byte, and leaves the handler its stream", async () => {
    const { auth } = await keyed();
    const seen: number[] = [];
    const route = api({
      auth: "key",
      handler: async ({ req }) => {
        const bytes = new Uint8Array(await req.arrayBuffer());
        seen.push(bytes.length);
        return Response.json({ bytes: bytes.length, last: bytes[bytes.length - 1] }, { status: 201 });
      },
    });
    const big = new Uint8Array(3 * 1024 * 1024).map((_, i) => (i * 7) % 251);
    const headers = { ...auth, "Idempotency-Key": uniqueName("k"), "Content-Type": "application/octet-stream" };
    const first = await route(request("/upload", { headers, body: big }), noParams);
    expect(await first.json()).toEqual({ bytes: big.length, last: big[big.length - 1] });
    const same = await route(request("/upload", { headers, body: big.slice() }), noParams);
    expect(same.headers.get("Idempotent-Replayed")).toBe("true");
    const changed = big.slice();
    changed[1_000_000] ^= 1;
    expect((await route(request("/upload", { headers, body: changed }), noParams)).status).toBe(422);
    expect(seen).toEqual([big.length]);
  });

  it("works for multipart bodies the handler reads with formData()", async () => {
    const { auth } = await keyed();
    const names: string[] = [];
    const route = api({
      auth: "key",
      handler: async ({ req }) => {
        const form = await req.formData();
        const file = form.get("file") as File;
        names.push(file.name);
        return Response.json({ name: file.name, size: file.size, alt: form.get("alt") }, { status: 201 });
      },
    });
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array([1, 2, 3, 4])], { type: "image/png" }), "dot.png");
    form.set("alt", "A dot");
    // A client's retry resends the same bytes (the same boundary).
    const encoded = new Response(form);
    const contentType = encoded.headers.get("content-type")!;
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const headers = { ...auth, "Idempotency-Key": uniqueName("k"), "Content-Type": contentType };
    const first = await route(request("/media", { headers, body: bytes }), noParams);
    expect(await first.json()).toEqual({ name: "dot.png", size: 4, alt: "A dot" });
    const again = await route(request("/media", { headers, body: bytes }), noParams);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual({ name: "dot.png", size: 4, alt: "A dot" });
    expect(names).toEqual(["dot.png"]);
  });

  it("fingerprints the whole body even when the handler answers without reading it", async () => {
    const { auth } = await keyed();
    const route = api({ auth: "key", scopes: ["collections:write"], handler: async () => ({}) });
    const headers = { ...auth, "Idempotency-Key": uniqueName("k"), "Content-Type": "application/octet-stream" };
    const body = new Uint8Array(256 * 1024).fill(7);
    expect((await route(request("/x", { headers, body }), noParams)).status).toBe(403);
    expect((await route(request("/x", { headers, body }), noParams)).headers.get("Idempotent-Replayed")).toBe("true");
    const other = body.slice();
    other[body.length - 1] = 8;
    expect((await route(request("/x", { headers, body: other }), noParams)).status).toBe(422);
  });
});
