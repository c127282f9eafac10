// Idempotency-Key in the route wrapper (PLATFORM.md "Safe retries"), against the real database:
// replays run nothing, a different request is 422, a running one 409, 4xx answers are kept and
// 5xx/429 ones are not, keys belong to their principal, lapsed claims are taken over, expired
// answers pruned, and the fingerprint covers the raw bytes of any body.
import { NextRequest } from "next/server";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { api } from "../../lib/http/api";
import { notFound } from "../../lib/http/api-error";
import { sql } from "../../lib/db-sql";
import { pruneIdempotencyKeys } from "../../lib/idempotency/prune-idempotency-keys";
import { connectTestDatabase, createTestKey, createTestUser, sessionCookieFor, uniqueName } from "../support/fixtures";

connectTestDatabase();

const noParams = { params: Promise.resolve({}) };
type Init = { method?: string; headers?: Record<string, string>; body?: BodyInit };

function request(path: string, init: Init = {}) {
  return new NextRequest(new URL(path, "http://inkbase.test"), { method: init.method ?? "POST", headers: init.headers, body: init.body, duplex: "half" } as ConstructorParameters<typeof NextRequest>[1]);
}

async function keyed(scopes: Parameters<typeof createTestKey>[1] = ["posts:write"]) {
  const user = await createTestUser();
  const key = await createTestKey(user.id, scopes);
  return { user, key, auth: { Authorization: `Bearer ${key}` } };
}

/** A route that counts its runs and answers 201 with Location and ETag. */
function countingRoute() {
  const runs: unknown[] = [];
  const route = api({
    auth: "key-or-session",
    body: z.object({ title: z.string() }),
    handler: async ({ body }) => {
      runs.push(body);
      return Response.json({ n: runs.length, title: body.title }, { status: 201, headers: { Location: `/things/${runs.length}`, ETag: `"v${runs.length}"` } });
    },
  });
  return { route, runs };
}

const json = (value: unknown) => ({ "Content-Type": "application/json", body: JSON.stringify(value) });
function post(headers: Record<string, string>, body: unknown, path = "/things", method = "POST") {
  const { body: text, ...contentType } = json(body);
  return request(path, { method, headers: { ...headers, ...contentType }, body: text });
}

async function rows(userId: string) {
  return sql().$queryRaw<{ key: string; status: number | null; apiKeyId: string }[]>`SELECT key, status, "apiKeyId" FROM "IdempotencyKey" WHERE "userId" = ${userId}`;
}

const savedLimit = process.env.RATE_LIMIT_KEY_PER_MIN;
afterEach(() => {
  if (savedLimit === undefined) delete process.env.RATE_LIMIT_KEY_PER_MIN;
  else process.env.RATE_LIMIT_KEY_PER_MIN = savedLimit;
});

describe("Idempotency-Key replays", () => {
  it("replays the first answer (status, body, Location, ETag) with Idempotent-Replayed and runs nothing", async () => {
    const { auth } = await keyed();
    const { route, runs } = countingRoute();
    const headers = { ...auth, "Idempotency-Key": uniqueName("k") };
    const first = await route(post(headers, { title: "One" }), noParams);
    expect(first.status).toBe(201);
    expect(first.headers.get("Idempotent-Replayed")).toBeNull();
    const firstBody = await first.text();

    const again = await route(post(headers, { title: "One" }), noParams);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.text()).toBe(firstBody);
    expect(again.headers.get("Location")).toBe("/things/1");
    expect(again.headers.get("ETag")).toBe('"v1"');
    expect(again.headers.get("Content-Type")).toBe(first.headers.get("Content-Type"));
    expect(again.headers.get("X-Request-Id")).toBeTruthy();
    expect(again.headers.get("X-Request-Id")).not.toBe(first.headers.get("X-Request-Id"));
    expect(runs).toHaveLength(1);
  });

  it("changes nothing for a write without the header: it runs every time and stores nothing", async () => {
    const { user, auth } = await keyed();
    const { route, runs } = countingRoute();
    for (let i = 0; i < 2; i++) {
      const res = await route(post(auth, { title: "Same" }), noParams);
      expect(res.status).toBe(201);
      expect(res.headers.get("Idempotent-Replayed")).toBeNull();
    }
    expect(runs).toHaveLength(2);
    expect(await rows(user.id)).toEqual([]);
  });

  it("ignores the header on reads", async () => {
    const { user, auth } = await keyed();
    let runs = 0;
    const route = api({ auth: "key", handler: async () => ({ n: ++runs }) });
    for (let i = 0; i < 2; i++) await route(request("/things", { method: "GET", headers: { ...auth, "Idempotency-Key": "same" } }), noParams);
    expect(runs).toBe(2);
    expect(await rows(user.id)).toEqual([]);
  });

  it("answers 422 idempotency_key_reused to the same key with another body, path or method, and runs nothing", async () => {
    const { auth } = await keyed();
    const { route, runs } = countingRoute();
    const headers = { ...auth, "Idempotency-Key": uniqueName("k") };
    expect((await route(post(headers, { title: "One" }), noParams)).status).toBe(201);
    for (const res of [
      await route(post(headers, { title: "Two" }), noParams),
      await route(post(headers, { title: "One" }, "/other"), noParams),
      await route(post(headers, { title: "One" }, "/things?x=1"), noParams),
      await route(post(headers, { title: "One" }, "/things", "PUT"), noParams),
      // Byte-for-byte: the same JSON with other whitespace is another body.
      await route(request("/things", { headers: { ...headers, "Content-Type": "application/json" }, body: '{ "title": "One" }' }), noParams),
    ]) {
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ error: "Idempotency key reused", code: "idempotency_key_reused" });
    }
    expect(runs).toHaveLength(1);
  });

  it("stores 4xx answers and replays them", async () => {
    const { auth } = await keyed();
    let runs = 0;
    const route = api({
      auth: "key",
      body: z.object({ title: z.string() }),
      handler: async () => {
        runs++;
        throw notFound("Thing not found");
      },
    });
    const headers = { ...auth, "Idempotency-Key": uniqueName("k") };
    for (let i = 0; i < 2; i++) {
      const res = await route(post(headers, { title: "x" }), noParams);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Thing not found" });
      expect(res.headers.get("Idempotent-Replayed")).toBe(i === 0 ? null : "true");
    }
    // A body the schema refuses is answered (400) and kept the same way.
    const invalid = { ...auth, "Idempotency-Key": uniqueName("k") };
    const refused = await route(post(invalid, { title: 5 }), noParams);
    expect(refused.status).toBe(400);
    const replayed = await route(post(invalid, { title: 5 }), noParams);
    expect(replayed.status).toBe(400);
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await replayed.json()).toEqual(await refused.json());
    expect(runs).toBe(1);
  });

  it("does not store a 5xx: the retry runs again and its answer is kept", async () => {
    const { user, auth } = await keyed();
    let runs = 0;
    const route = api({
      auth: "key",
      handler: async () => {
        runs++;
        if (runs === 1) throw new Error("the database went away");
        return { ok: runs };
      },
    });
    const headers = { ...auth, "Idempotency-Key": uniqueName("k") };
    expect((await route(request("/x", { method: "DELETE", headers }), noParams)).status).toBe(500);
    expect(await rows(user.id)).toEqual([]);
    const retried = await route(request("/x", { method: "DELETE", headers }), noParams);
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ ok: 2 });
    const replayed = await route(request("/x", { method: "DELETE", headers }), noParams);
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    expect(runs).toBe(2);
  });

  it("charges the rate limit for the first request only, and does not store a 429", async () => {
    process.env.RATE_LIMIT_KEY_PER_MIN = "3";
    // A fixed one-minute window: a burst that straddles the minute is tried again with a new key.
    for (let attempt = 0; ; attempt++) {
      const { user, auth } = await keyed();
      const { route, runs } = countingRoute();
      const startedMinute = Math.floor(Date.now() / 60_000);
      const first = { ...auth, "Idempotency-Key": "first" };
      expect((await route(post(first, { title: "a" }), noParams)).headers.get("X-RateLimit-Remaining")).toBe("2");
      for (let i = 0; i < 5; i++) {
        const replay = await route(post(first, { title: "a" }), noParams);
        expect(replay.status).toBe(201);
        expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
      }
      const second = await route(post({ ...auth, "Idempotency-Key": "second" }, { title: "b" }), noParams);
      const third = await route(post({ ...auth, "Idempotency-Key": "third" }, { title: "c" }), noParams);
      const limited = await route(post({ ...auth, "Idempotency-Key": "fourth" }, { title: "d" }), noParams);
      if (Math.floor(Date.now() / 60_000) !== startedMinute && attempt < 2) continue;
      expect([second.status, third.status, limited.status]).toEqual([201, 201, 429]);
      expect(runs).toHaveLength(3);
      // The refused request's key was given back: once the window allows, its retry runs.
      expect((await rows(user.id)).map((row) => row.key).sort()).toEqual(["first", "second", "third"]);
      return;
    }
  });

  it("refuses a malformed key with 400 before anything runs", async () => {
    const { user, auth } = await keyed();
    const { route, runs } = countingRoute();
    for (const key of ["", "x".repeat(256), "tab\there", "del\x7f"]) {
      const res = await route(post({ ...auth, "Idempotency-Key": key }, { title: "x" }), noParams);
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(await res.json()).toEqual({ error: "Invalid input", issues: [{ path: ["Idempotency-Key"], message: "Idempotency-Key must be 1 to 255 printable ASCII characters" }] });
    }
    const longest = await route(post({ ...auth, "Idempotency-Key": "~".repeat(255) }, { title: "x" }), noParams);
    expect(longest.status).toBe(201);
    expect(runs).toHaveLength(1);
    expect(await rows(user.id)).toHaveLength(1);
  });
});

describe("Idempotency-Key belongs to its principal", () => {
  it("keeps keys apart per API key, per user, and shares them between a user's sessions", async () => {
    const { user, key, auth } = await keyed();
    const otherKey = await createTestKey(user.id, ["posts:write"]);
    const stranger = await keyed();
    const { route, runs } = countingRoute();
    const idem = { "Idempotency-Key": "shared-key" };
    const cookie = { Cookie: await sessionCookieFor(user.id) };
    const statuses = [];
    for (const headers of [auth, { Authorization: `Bearer ${otherKey}` }, { Authorization: `Bearer ${stranger.key}` }, cookie, cookie, auth]) {
      const res = await route(post({ ...headers, ...idem }, { title: "x" }), noParams);
      statuses.push(res.headers.get("Idempotent-Replayed") ?? "ran");
    }
    expect(statuses).toEqual(["ran", "ran", "ran", "ran", "true", "true"]);
    expect(runs).toHaveLength(4);
    expect(key).not.toBe(otherKey);
  });
});

describe("a request still running", () => {
  it("answers 409 idempotency_key_in_use with Retry-After: 1, then replays once the first is done", async () => {
    const { auth } = await keyed();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let runs = 0;
    const route = api({
      auth: "key",
      handler: async () => {
        runs++;
        await gate;
        return Response.json({ done: true }, { status: 201 });
      },
    });
    const headers = { ...auth, "Idempotency-Key": uniqueName("k") };
    const first = route(request("/slow", { headers }), noParams);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const meanwhile = await route(request("/slow", { headers }), noParams);
    expect(meanwhile.status).toBe(409);
    expect(meanwhile.headers.get("Retry-After")).toBe("1");
    expect(await meanwhile.json()).toEqual({ error: "Request in progress", code: "idempotency_key_in_use" });
    open();
    expect((await first).status).toBe(201);
    const after = await route(request("/slow", { headers }), noParams);
    expect(after.status).toBe(201);
    expect(after.headers.get("Idempotent-Replayed")).toBe("true");
    expect(runs).toBe(1);
  });

  it("runs exactly one of many identical concurrent requests; the rest wait (409) or replay it", async () => {
    const { auth } = await keyed();
    const { route, runs } = countingRoute();
    const headers = { ...auth, "Idempotency-Key": uniqueName("k") };
    const answers = await Promise.all(Array.from({ length: 12 }, () => route(post(headers, { title: "Once" }), noParams)));
    expect(runs).toHaveLength(1);
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const bodies = await Promise.all(answers.filter((res) => res.status === 201).map((res) => res.text()));
    expect(new Set(bodies).size).toBe(1);
  });

  it("takes over a claim whose lease ran out (its server died), but not a live one", async () => {
    const { user, key, auth } = await keyed();
    const { route, runs } = countingRoute();
    const keyId = (await sql().$queryRaw<{ id: string }[]>`SELECT id FROM "ApiKey" WHERE "userId" = ${user.id}`)[0].id;
    expect(key).toBeTruthy();
    const claim = (name: string, lockedUntil: string) => sql().$executeRaw`
      INSERT INTO "IdempotencyKey" ("userId", "apiKeyId", key, token, "lockedUntil", "expiresAt")
      VALUES (${user.id}, ${keyId}, ${name}, 'crashed-server', now() + ${lockedUntil}::interval, now() + interval '1 day')`;
    await claim("live", "30 seconds");
    await claim("lapsed", "-1 second");
    expect((await route(post({ ...auth, "Idempotency-Key": "live" }, { title: "x" }), noParams)).status).toBe(409);
    const taken = await route(post({ ...auth, "Idempotency-Key": "lapsed" }, { title: "x" }), noParams);
    expect(taken.status).toBe(201);
    expect(taken.headers.get("Idempotent-Replayed")).toBeNull();
    expect((await route(post({ ...auth, "Idempotency-Key": "lapsed" }, { title: "x" }), noParams)).headers.get("Idempotent-Replayed")).toBe("true");
    expect(runs).toHaveLength(1);
  });
});

describe("24 hours", () => {
  it("runs a key again once its answer expired, and the tick's pruning deletes expired answers", async () => {
    const { user, auth } = await keyed();
    const { route, runs } = countingRoute();
    const headers = { ...auth, "Idempotency-Key": uniqueName("k") };
    await route(post(headers, { title: "x" }), noParams);
    await sql().$executeRaw`UPDATE "IdempotencyKey" SET "expiresAt" = now() - interval '1 second' WHERE "userId" = ${user.id}`;
    const again = await route(post(headers, { title: "x" }), noParams);
    expect(again.headers.get("Idempotent-Replayed")).toBeNull();
    expect(runs).toHaveLength(2);
    const expiresIn = await sql().$queryRaw<{ hours: number }[]>`SELECT round(extract(epoch FROM "expiresAt" - now()) / 3600)::int AS hours FROM "IdempotencyKey" WHERE "userId" = ${user.id}`;
    expect(expiresIn[0].hours).toBe(24);

    await sql().$executeRaw`UPDATE "IdempotencyKey" SET "expiresAt" = now() - interval '1 second' WHERE "userId" = ${user.id}`;
    await route(post({ ...auth, "Idempotency-Key": "fresh" }, { title: "y" }), noParams);
    const { pruned } = await pruneIdempotencyKeys();
    expect(pruned).toBeGreaterThanOrEqual(1);
    expect((await rows(user.id)).map((row) => row.key)).toEqual(["fresh"]);
  });
});

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
