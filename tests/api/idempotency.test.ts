// Idempotency-Key through the running server, on the real write routes (PLATFORM.md "Safe
// retries"): a retried write with the same key takes effect once (one row, one version, one
// event), concurrent identical requests too, and the answer is replayed with its headers.
import { describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db";
import { client, makeCollection, proOwner } from "../support/collections-client";
import { connectTestDatabase, sessionCookieFor, uniqueName } from "../support/fixtures";
import { createOwner } from "../support/posts-api";
import { photoJpeg } from "../support/test-images";

connectTestDatabase();
const baseUrl = inject("baseUrl");

describe("Idempotency-Key on the write routes", () => {
  it("creates one post for a retried POST /api/posts and replays its 201 byte for byte", async () => {
    const owner = await createOwner();
    const slug = uniqueName("idem");
    const headers = { "Idempotency-Key": uniqueName("key") };
    const first = await owner.call("POST", "/api/posts", { title: "Once", slug, status: "published" }, headers);
    const firstText = await first.text();
    const again = await owner.call("POST", "/api/posts", { title: "Once", slug, status: "published" }, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(firstText);
    expect(await db().post.count({ where: { ownerId: owner.user.id, slug } })).toBe(1);
    expect(await db().outboxEvent.count({ where: { ownerId: owner.user.id } })).toBe(1);
    // The same key with another body is refused, and still nothing runs.
    const reused = await owner.call("POST", "/api/posts", { title: "Twice", slug: uniqueName("idem"), status: "published" }, headers);
    expect(reused.status).toBe(422);
    expect(await reused.json()).toEqual({ error: "Idempotency key reused", code: "idempotency_key_reused" });
    expect(await db().post.count({ where: { ownerId: owner.user.id } })).toBe(1);
  });

  it("replays a PATCH with its ETag and a DELETE as it answered the first time", async () => {
    const owner = await createOwner();
    const id = await owner.create();
    const patchKey = { "Idempotency-Key": uniqueName("key") };
    const patched = await owner.call("PATCH", `/api/posts/${id}`, { title: "New title" }, patchKey);
    expect(patched.status).toBe(200);
    const etag = patched.headers.get("etag");
    expect(etag).toBeTruthy();
    const replayed = await owner.call("PATCH", `/api/posts/${id}`, { title: "New title" }, patchKey);
    expect(replayed.headers.get("etag")).toBe(etag);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(await db().outboxEvent.count({ where: { ownerId: owner.user.id, type: "post.updated" } })).toBe(1);

    const deleteKey = { "Idempotency-Key": uniqueName("key") };
    expect((await owner.call("DELETE", `/api/posts/${id}`, undefined, deleteKey)).status).toBe(200);
    // Without the key a second DELETE would be 404; with it, the first answer.
    const deletedAgain = await owner.call("DELETE", `/api/posts/${id}`, undefined, deleteKey);
    expect(deletedAgain.status).toBe(200);
    expect(await deletedAgain.json()).toEqual({ success: true });
  });

  it("gives concurrent identical entry PATCHes exactly one new version and one event", async () => {
    const { user, api } = await proOwner();
    const collection = await makeCollection(api);
    const created = await api.call<{ id: string }>("POST", `/api/collections/${collection}/entries`, { data: { title: "Start" } });
    const path = `/api/collections/${collection}/entries/${created.body.id}`;
    const headers = { "Idempotency-Key": uniqueName("key") };
    const answers = await Promise.all(Array.from({ length: 6 }, () => api.call("PATCH", path, { data: { title: "Edited once" } }, headers)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 200 || status === 409)).toBe(true);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body).toEqual({ error: "Request in progress", code: "idempotency_key_in_use" });
      expect(answer.headers.get("retry-after")).toBe("1");
    }
    // Whatever raced, a retry after the first finished replays it.
    const settled = await api.call<{ version: string }>("PATCH", path, { data: { title: "Edited once" } }, headers);
    expect(settled.status).toBe(200);
    expect(settled.body.version).toBe("v_2");
    const entry = await db().entry.findUniqueOrThrow({ where: { id: created.body.id }, select: { version: true } });
    expect(entry.version).toBe(2);
    expect(await db().outboxEvent.count({ where: { ownerId: user.id, type: "entry.updated" } })).toBe(1);
  });

  it("creates one entry (and one label move) for a replayed create with a label", async () => {
    const { user, api } = await proOwner();
    const collection = await makeCollection(api);
    const headers = { "Idempotency-Key": uniqueName("key") };
    const first = await api.call("POST", `/api/collections/${collection}/entries`, { data: { title: "Labelled" }, label: "production" }, headers);
    const second = await api.call("POST", `/api/collections/${collection}/entries`, { data: { title: "Labelled" }, label: "production" }, headers);
    expect(first.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await db().entry.count({ where: { collection: { ownerId: user.id } } })).toBe(1);
    expect(await db().outboxEvent.count({ where: { ownerId: user.id } })).toBe(2);
  });

  it("stores one medium for a retried upload, multipart or raw bytes, and refuses other bytes under the key", async () => {
    const owner = await createOwner(["media:read", "media:write"]);
    const image = new Uint8Array(await photoJpeg({ width: 600, height: 400 }));
    // A multipart retry resends the same bytes, boundary included.
    const form = new FormData();
    form.set("file", new File([image], "retry.jpg", { type: "image/jpeg" }));
    form.set("alt", "Sent twice");
    const encoded = new Response(form);
    const multipart = { type: encoded.headers.get("content-type")!, body: new Uint8Array(await encoded.arrayBuffer()) };
    const raw = { type: "image/jpeg", body: image };
    for (const [path, sent] of [["/api/media", multipart], ["/api/media?filename=raw.jpg", raw]] as const) {
      const headers = { Authorization: `Bearer ${owner.key}`, "Content-Type": sent.type, "Idempotency-Key": uniqueName("upload") };
      const first = await fetch(`${baseUrl}${path}`, { method: "POST", headers, body: sent.body });
      expect(first.status, await first.clone().text()).toBe(201);
      const again = await fetch(`${baseUrl}${path}`, { method: "POST", headers, body: sent.body });
      expect(again.status).toBe(201);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(await again.json()).toEqual(await first.json());
      const changed = sent.body.slice();
      changed[changed.length - 3] ^= 1;
      const other = await fetch(`${baseUrl}${path}`, { method: "POST", headers, body: changed });
      expect(other.status).toBe(422);
    }
    expect(await db().media.count({ where: { ownerId: owner.user.id } })).toBe(2);
  });

  it("answers 400 to a malformed key and runs nothing", async () => {
    const owner = await createOwner();
    const res = await owner.call("POST", "/api/posts", { title: "x", slug: uniqueName("bad") }, { "Idempotency-Key": "k".repeat(256) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "Invalid input", issues: [{ path: ["Idempotency-Key"] }] });
    expect(await db().post.count({ where: { ownerId: owner.user.id } })).toBe(0);
  });

  it("keeps no answer of POST /api/keys, whose body holds a new key: the header is ignored there", async () => {
    const owner = await createOwner();
    const session = client({ cookie: await sessionCookieFor(owner.user.id) }, baseUrl);
    const headers = { "Idempotency-Key": uniqueName("key") };
    const first = await session.call<{ key: string }>("POST", "/api/keys", { name: "one", scopes: ["posts:read"] }, headers);
    const second = await session.call<{ key: string }>("POST", "/api/keys", { name: "one", scopes: ["posts:read"] }, headers);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
    expect(second.body.key).not.toBe(first.body.key);
    expect(await db().idempotencyKey.count({ where: { userId: owner.user.id } })).toBe(0);
  });

  it("lets the cron tick prune expired answers", async () => {
    const owner = await createOwner();
    await owner.call("POST", "/api/posts", { title: "x", slug: uniqueName("p") }, { "Idempotency-Key": "to-expire" });
    await db().idempotencyKey.updateMany({ where: { userId: owner.user.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const tick = await fetch(`${baseUrl}/api/cron/tick`, { headers: { Authorization: `Bearer ${inject("cronSecret")}` } });
    expect(tick.status).toBe(200);
    expect(await db().idempotencyKey.count({ where: { userId: owner.user.id } })).toBe(0);
  });
});
