// GET /api/events and /api/events/:id through the running server (PLATFORM.md "The event feed"):
// every event type the writes emit is there with no endpoint subscribed, as its webhook body,
// oldest first; scope webhooks:read for keys, sessions unscoped; 400, 401, 403, 404, 410.
import { describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db";
import { client, makeCollection } from "../support/collections-client";
import { connectTestDatabase, createTestKey, createTestUser, sessionCookieFor, uniqueName } from "../support/fixtures";

connectTestDatabase();
const baseUrl = inject("baseUrl");

async function owner() {
  const user = await createTestUser({ plan: "pro" });
  const key = await createTestKey(user.id, ["posts:write", "posts:read", "collections:read", "collections:write", "collections:delete", "webhooks:read"]);
  return { user, key, api: client({ key }, baseUrl) };
}

describe("GET /api/events", () => {
  it("lists every event type the writes emitted, with no endpoint subscribed, as their webhook bodies in order", async () => {
    const { user, api } = await owner();
    expect(await db().webhookSubscription.count({ where: { ownerId: user.id } })).toBe(0);
    const post = await api.call<{ id: string }>("POST", "/api/posts", { title: "Hello", slug: uniqueName("p"), status: "published" });
    await api.call("PATCH", `/api/posts/${post.body.id}`, { title: "Hello again" });
    const collection = await makeCollection(api);
    const entry = await api.call<{ id: string }>("POST", `/api/collections/${collection}/entries`, { data: { title: "One" }, label: "production" });
    const entryPath = `/api/collections/${collection}/entries/${entry.body.id}`;
    await api.call("PATCH", entryPath, { data: { title: "Two" } });
    await api.call("PUT", `${entryPath}/labels/staging`, { version: "v_2" });
    await api.call("DELETE", `${entryPath}/labels/staging`);
    await api.call("DELETE", entryPath);

    const page = await api.call<{ data: { id: string; type: string; project: string; data: Record<string, unknown> }[]; pageInfo: { hasMore: boolean; nextAfter: string } }>("GET", "/api/events");
    expect(page.status).toBe(200);
    expect(page.body.data.map((event) => event.type)).toEqual([
      "post.published",
      "post.updated",
      "entry.created",
      "label.updated",
      "entry.updated",
      "label.updated",
      "label.updated",
      "entry.deleted",
    ]);
    expect(page.body.pageInfo).toEqual({ hasMore: false, nextAfter: page.body.data.at(-1)!.id });
    // Each item is the outbox body the webhooks send, key for key.
    const outbox = await db().outboxEvent.findMany({ where: { ownerId: user.id }, orderBy: { sequence: "asc" }, select: { id: true, body: true } });
    expect(page.body.data).toEqual(outbox.map((event) => event.body));
    expect(Object.keys(page.body.data[0])).toEqual(["id", "type", "createdAt", "project", "data"]);

    const one = await api.call("GET", `/api/events/${page.body.data[2].id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(page.body.data[2]);

    const filtered = await api.call<{ data: { type: string }[] }>("GET", "/api/events?types=label.updated,entry.deleted&limit=2");
    expect(filtered.body.data.map((event) => event.type)).toEqual(["label.updated", "label.updated"]);
    const after = await api.call<{ data: { type: string }[] }>("GET", `/api/events?after=${page.body.data[5].id}`);
    expect(after.body.data.map((event) => event.type)).toEqual(["label.updated", "entry.deleted"]);
  });

  it("needs webhooks:read from a key, takes a session unscoped, and shows only the caller's own events", async () => {
    const { user, api } = await owner();
    await api.call("POST", "/api/posts", { title: "Mine", slug: uniqueName("p"), status: "published" });
    const mine = await api.call<{ data: { id: string }[] }>("GET", "/api/events");
    const eventId = mine.body.data[0].id;

    const withoutScope = client({ key: await createTestKey(user.id, ["posts:read", "webhooks:write"]) }, baseUrl);
    for (const path of ["/api/events", `/api/events/${eventId}`]) {
      const refused = await withoutScope.call("GET", path);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: "Insufficient scope", required: ["webhooks:read"] });
      expect((await client({}, baseUrl).call("GET", path)).status).toBe(401);
    }
    const session = client({ cookie: await sessionCookieFor(user.id) }, baseUrl);
    expect((await session.call<{ data: unknown[] }>("GET", "/api/events")).body.data).toHaveLength(1);

    const stranger = await owner();
    expect((await stranger.api.call<{ data: unknown[] }>("GET", "/api/events")).body.data).toEqual([]);
    const theirs = await stranger.api.call("GET", `/api/events/${eventId}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ error: "Event not found" });
    const cursor = await stranger.api.call("GET", `/api/events?after=${eventId}`);
    expect(cursor.status).toBe(410);
    expect(cursor.body).toEqual({ error: "Cursor expired" });
  });

  it("answers 410 for a cursor past retention and 400 for an unknown type or a bad limit", async () => {
    const { user, api } = await owner();
    await api.call("POST", "/api/posts", { title: "Old", slug: uniqueName("p"), status: "published" });
    const [event] = (await api.call<{ data: { id: string }[] }>("GET", "/api/events")).body.data;
    await db().outboxEvent.update({ where: { id: event.id }, data: { createdAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) } });
    const expired = await api.call("GET", `/api/events?after=${event.id}`);
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({ error: "Cursor expired" });
    expect((await api.call<{ data: unknown[] }>("GET", "/api/events")).body.data).toEqual([]);

    for (const query of ["types=post.deleted", "types=", "limit=0", "limit=abc", "limit=1.5"]) {
      const bad = await api.call("GET", `/api/events?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body).toMatchObject({ error: "Invalid input" });
    }
    expect((await api.call("GET", "/api/events?limit=1000")).status).toBe(200);
    expect(user.id).toBeTruthy();
  });
});
