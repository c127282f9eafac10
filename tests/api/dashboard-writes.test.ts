// What the dashboard adds to the API (DASHBOARD.md "Endpoints the dashboard adds"): cross-site
// refusal of cookie-authorized writes, If-Match on PATCH /api/posts/:id with the owner GET's ETag,
// PATCH /api/me (session only), per-item bulk results on request, the co-author's
// "show on my blog" choice, and co-authors named by username.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { connectTestDatabase, createTestKey, createTestUser, sessionCookieFor } from "../support/fixtures";
import { baseUrl, createOwner, doc } from "../support/posts-api";

connectTestDatabase();

async function sessionOwner() {
  const owner = await createOwner();
  const cookie = await sessionCookieFor(owner.user.id);
  const asSession = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl()}${path}`, {
      method,
      headers: { Cookie: cookie, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { ...owner, cookie, asSession };
}

describe("cross-site refusal of session writes", () => {
  it("refuses a cookie write from another origin or site with 403 and changes nothing", async () => {
    const owner = await sessionOwner();
    const id = await owner.create({ title: "Before" });
    const own = new URL(baseUrl()).origin;
    for (const headers of <Record<string, string>[]>[
      { Origin: "https://evil.example" },
      { Origin: "null" },
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site", Origin: own },
    ]) {
      const res = await owner.asSession("PATCH", `/api/posts/${id}`, { title: "Hijacked" }, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toEqual({ error: "Cross-site request refused" });
    }
    const bulk = await owner.asSession("POST", "/api/posts/bulk", { ids: [id], action: "delete" }, { Origin: "https://evil.example" });
    expect(bulk.status).toBe(403);
    expect((await owner.get(id)).title).toBe("Before");
  });

  it("lets same-origin browsers, header-less clients, keys and reads through", async () => {
    const owner = await sessionOwner();
    const id = await owner.create();
    const own = new URL(baseUrl()).origin;
    expect((await owner.asSession("PATCH", `/api/posts/${id}`, { title: "Same origin" }, { Origin: own, "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect((await owner.asSession("PATCH", `/api/posts/${id}`, { title: "No headers" })).status).toBe(200);
    expect((await owner.call("PATCH", `/api/posts/${id}`, { title: "Key" }, { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" })).status).toBe(200);
    expect((await owner.asSession("GET", `/api/posts/${id}`, undefined, { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" })).status).toBe(200);
    expect((await owner.get(id)).title).toBe("Key");
  });
});

describe("If-Match on PATCH /api/posts/:id", () => {
  it("the owner GET carries a revision ETag that every write moves", async () => {
    const owner = await createOwner();
    const id = await owner.create();
    const first = await owner.call("GET", `/api/posts/${id}`);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    expect((await owner.call("GET", `/api/posts/${id}?format=html`)).headers.get("etag")).toBe(etag);
    const patched = await owner.call("PATCH", `/api/posts/${id}`, { title: "Moved" }, { "If-Match": etag! });
    expect(patched.status).toBe(200);
    const next = patched.headers.get("etag");
    expect(next).not.toBe(etag);
    expect((await owner.call("GET", `/api/posts/${id}`)).headers.get("etag")).toBe(next);
  });

  it("a stale ETag is 412 precondition_failed with the current post, and nothing is written", async () => {
    const owner = await createOwner();
    const id = await owner.create({ title: "Original" });
    const stale = (await owner.call("GET", `/api/posts/${id}`)).headers.get("etag")!;
    expect((await owner.patch(id, { title: "Elsewhere" })).status).toBe(200);
    const before = await db().post.findUniqueOrThrow({ where: { id } });

    const res = await owner.call("PATCH", `/api/posts/${id}`, { title: "Mine", content: doc("mine") }, { "If-Match": stale });
    expect(res.status).toBe(412);
    const body = (await res.json()) as { error: string; current: { id: string; title: string; updatedAt: string } };
    expect(body.error).toBe("precondition_failed");
    expect(body.current).toMatchObject({ id, title: "Elsewhere", updatedAt: before.updatedAt.toISOString() });
    const after = await db().post.findUniqueOrThrow({ where: { id } });
    expect(after).toEqual(before);
    // No event was written either.
    expect(await db().outboxEvent.count({ where: { orderingKey: `post:${id}`, createdAt: { gt: before.updatedAt } } })).toBe(0);
  });

  it("`*` matches any post, a weak tag never matches, a list matches any of its tags", async () => {
    const owner = await createOwner();
    const id = await owner.create();
    expect((await owner.call("PATCH", `/api/posts/${id}`, { title: "Star" }, { "If-Match": "*" })).status).toBe(200);
    const etag = (await owner.call("GET", `/api/posts/${id}`)).headers.get("etag")!;
    expect((await owner.call("PATCH", `/api/posts/${id}`, { title: "Weak" }, { "If-Match": `W/${etag}` })).status).toBe(412);
    expect((await owner.call("PATCH", `/api/posts/${id}`, { title: "List" }, { "If-Match": `"nope", ${etag}` })).status).toBe(200);
  });

  it("an unknown post is still 404, whatever If-Match says", async () => {
    const owner = await createOwner();
    const res = await owner.call("PATCH", "/api/posts/no-such-post", { title: "x" }, { "If-Match": '"r1"' });
    expect(res.status).toBe(404);
  });
});

describe("PATCH /api/me", () => {
  it("changes the display name for a session; empty hands the name back to the username", async () => {
    const owner = await sessionOwner();
    const res = await owner.asSession("PATCH", "/api/me", { displayName: "  Ada Writes  " });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: owner.user.id, username: owner.user.username, email: owner.user.email, displayName: "Ada Writes", plan: "free" });
    expect(((await (await owner.asSession("PATCH", "/api/me", { displayName: "" })).json()) as { displayName: unknown }).displayName).toBeNull();
  });

  it("is session-only: a key gets 403 Session required, a bad key 401, a bad body 400", async () => {
    const owner = await sessionOwner();
    const withKey = await owner.call("PATCH", "/api/me", { displayName: "Key" });
    expect(withKey.status).toBe(403);
    expect(await withKey.json()).toEqual({ error: "Session required" });
    const badKey = await fetch(`${baseUrl()}/api/me`, { method: "PATCH", headers: { Authorization: "Bearer ink_nope", "Content-Type": "application/json", Cookie: owner.cookie }, body: "{}" });
    expect(badKey.status).toBe(401);
    const invalid = await owner.asSession("PATCH", "/api/me", { displayName: "x".repeat(101) });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { issues: { path: string[] }[] }).issues[0].path).toEqual(["displayName"]);
    expect((await owner.asSession("PATCH", "/api/me", { displayName: "Ok", plan: "pro" })).status).toBe(400);
    expect((await db().user.findUniqueOrThrow({ where: { id: owner.user.id } })).displayName).toBeNull();
  });
});

describe("POST /api/posts/bulk with Prefer: return=representation", () => {
  it("adds one result per distinct id in input order; without it the body is SPEC's", async () => {
    const owner = await createOwner();
    const draft = await owner.create();
    const published = await owner.create({ status: "published" });
    const other = await (await createOwner()).create();
    const res = await owner.call("POST", "/api/posts/bulk", { ids: [draft, published, other, draft], action: "publish" }, { Prefer: "return=representation" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: true,
      affected: 2,
      results: [
        { id: draft, status: 200, changed: true },
        { id: published, status: 200, changed: false },
        { id: other, status: 404, error: "Post not found" },
      ],
    });
    const plain = await owner.call("POST", "/api/posts/bulk", { ids: [draft], action: "unpublish" });
    expect(await plain.json()).toEqual({ success: true, affected: 1 });
  });
});

describe("co-authors by username and PUT /api/posts/:id/coauthorship", () => {
  it("names a user co-author by username (stored and read back as userId)", async () => {
    const owner = await createOwner();
    const friend = await createTestUser();
    const id = await owner.create({ coauthors: [{ username: friend.username }, { externalName: "Guest" }] });
    expect((await owner.get(id)).coauthors).toEqual([{ userId: friend.id }, { externalName: "Guest", externalHandle: null, externalUrl: null }]);
    const unknown = await owner.patch(id, { coauthors: [{ username: "no-such-user-here" }] });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { issues: { path: string[]; message: string }[] }).issues).toEqual([{ path: ["coauthors", "0", "username"], message: "User not found" }]);
    const self = await owner.patch(id, { coauthors: [{ username: owner.user.username }] });
    expect(((await self.json()) as { issues: { message: string }[] }).issues[0].message).toBe("The owner cannot be their own co-author");
    const twice = await owner.patch(id, { coauthors: [{ username: friend.username }, { userId: friend.id }] });
    expect(((await twice.json()) as { issues: { message: string }[] }).issues[0].message).toBe("Duplicate co-author");
  });

  it("lets the co-author, and only them, choose whether the post shows on their blog", async () => {
    const owner = await createOwner();
    const friend = await createTestUser();
    const friendKey = await createTestKey(friend.id, ["posts:write"]);
    const id = await owner.create({ status: "published", coauthors: [{ userId: friend.id }] });
    const put = (key: string, showOnBlog: unknown) =>
      fetch(`${baseUrl()}/api/posts/${id}/coauthorship`, { method: "PUT", headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" }, body: JSON.stringify({ showOnBlog }) });
    const res = await put(friendKey, true);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id, showOnBlog: true });
    expect((await db().postCoauthor.findFirstOrThrow({ where: { postId: id, userId: friend.id } })).showOnBlog).toBe(true);
    expect((await put(owner.key, true)).status).toBe(404); // the owner is not a co-author
    expect((await put(friendKey, "yes")).status).toBe(400);
    const readOnly = await createTestKey(friend.id, ["posts:read"]);
    expect((await put(readOnly, false)).status).toBe(403);
  });
});
