// The post history API through the running server (HISTORY.md "API"): the list with its exact
// item fields and pages, one revision in every format, the diff against now and against another
// revision, restore (200 with the post, status and publishedAt kept, a `restore` revision,
// post.updated, If-Match, Idempotency-Key), the 404 bodies, scopes, sessions, and other owners.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { db } from "../../lib/db";
import { postSchema } from "../../lib/posts/post-response";
import { postRevisionSchema, revisionDiffSchema, revisionListItemSchema, revisionListSchema } from "../../lib/posts/revision-response";
import { connectTestDatabase, createTestKey, sessionCookieFor, uniqueName } from "../support/fixtures";
import { baseUrl, createOwner, doc } from "../support/posts-api";

connectTestDatabase();

type Json = Record<string, unknown>;

async function ownerWithPost() {
  const owner = await createOwner();
  const id = await owner.create({ title: "First title", content: doc("The paragraph I will regret deleting", "A second paragraph") });
  const apiKey = await db().apiKey.findFirstOrThrow({ where: { userId: owner.user.id }, select: { id: true, prefix: true } });
  const json = async (method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
    const res = await owner.call(method, path, body, headers);
    return { status: res.status, headers: res.headers, body: (await res.json()) as Json };
  };
  return { ...owner, id, apiKey, json };
}

describe("GET /api/posts/:id/revisions", () => {
  it("lists revisions newest first with the contract's fields, coalescing one key's quick edits, in pages", async () => {
    const { id, json, patch, apiKey } = await ownerWithPost();
    expect((await patch(id, { title: "Second title" })).status).toBe(200);
    expect((await patch(id, { content: doc("A second paragraph") })).status).toBe(200); // same key, same minute: the same revision

    const { status, body } = await json("GET", `/api/posts/${id}/revisions`);
    expect(status).toBe(200);
    const data = body.data as Json[];
    expect(data.map((item) => [item.revision, item.reason])).toEqual([[2, "edit"], [1, "create"]]);
    expect(Object.keys(data[0]).sort()).toEqual(["actor", "createdAt", "reason", "restoredFrom", "revision", "status", "title", "wordCount"]);
    expect(data[0]).toMatchObject({ title: "Second title", wordCount: 3, status: "draft", restoredFrom: null, actor: { type: "key", id: apiKey.id, prefix: apiKey.prefix } });
    expect(data[1]).toMatchObject({ title: "First title", wordCount: 9 });
    expect(Date.parse(data[0].createdAt as string)).toBeGreaterThanOrEqual(Date.parse(data[1].createdAt as string));
    expect(body.pageInfo).toEqual({ total: 2, page: 1, limit: 20, hasMore: false });

    const second = await json("GET", `/api/posts/${id}/revisions?page=2&limit=1`);
    expect((second.body.data as Json[]).map((item) => item.revision)).toEqual([1]);
    expect(second.body.pageInfo).toEqual({ total: 2, page: 2, limit: 1, hasMore: false });
    expect((await json("GET", `/api/posts/${id}/revisions?limit=1`)).body.pageInfo).toEqual({ total: 2, page: 1, limit: 1, hasMore: true });
    expect((await json("GET", `/api/posts/${id}/revisions?limit=0`)).status).toBe(400);
  });

  it("names a signed-in author by username", async () => {
    const { id, user } = await ownerWithPost();
    const res = await fetch(`${baseUrl()}/api/posts/${id}/revisions`, { headers: { Cookie: await sessionCookieFor(user.id) } });
    expect(res.status).toBe(200);
    const patched = await fetch(`${baseUrl()}/api/posts/${id}`, {
      method: "PATCH",
      headers: { Cookie: await sessionCookieFor(user.id), "Content-Type": "application/json" },
      body: JSON.stringify({ title: "From the dashboard" }),
    });
    expect(patched.status).toBe(200);
    const body = (await (await fetch(`${baseUrl()}/api/posts/${id}/revisions`, { headers: { Cookie: await sessionCookieFor(user.id) } })).json()) as { data: Json[] };
    expect(body.data[0]).toMatchObject({ revision: 2, reason: "edit", actor: { type: "user", id: user.id, username: user.username } });
  });
});

describe("GET /api/posts/:id/revisions/:revision", () => {
  it("answers the whole snapshot, content always Tiptap, rendered like a post read", async () => {
    const { id, json, patch } = await ownerWithPost();
    await patch(id, { title: "Changed", tagNames: ["News"] });
    const tiptap = await json("GET", `/api/posts/${id}/revisions/1`);
    expect(tiptap.status).toBe(200);
    expect(tiptap.body).toMatchObject({ revision: 1, reason: "create", title: "First title", format: "tiptap", rendered: null, tags: [], status: "draft", publishedAt: null, visibility: "public" });
    expect(tiptap.body.content).toEqual(doc("The paragraph I will regret deleting", "A second paragraph"));
    const html = await json("GET", `/api/posts/${id}/revisions/1?format=html`);
    expect(html.body.format).toBe("html");
    expect(html.body.rendered).toContain("<p>The paragraph I will regret deleting</p>");
    expect(html.body.content).toEqual(tiptap.body.content);
    const markdown = await json("GET", `/api/posts/${id}/revisions/2?format=markdown`);
    expect(markdown.body).toMatchObject({ title: "Changed", tags: [{ name: "News", slug: "news" }], format: "markdown" });
    expect(markdown.body.rendered).toContain("The paragraph I will regret deleting");
  });

  it("is 404 Revision not found for a number never written (or not a number), and Post not found for another owner's post", async () => {
    const { id, json } = await ownerWithPost();
    for (const revision of ["2", "0", "abc", "99999999999"]) {
      const res = await json("GET", `/api/posts/${id}/revisions/${revision}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "Revision not found" });
    }
    const stranger = await createOwner();
    for (const path of [`/api/posts/${id}/revisions`, `/api/posts/${id}/revisions/1`, `/api/posts/${id}/revisions/1/diff`]) {
      const res = await stranger.call("GET", path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: "Post not found" });
    }
    const restore = await stranger.call("POST", `/api/posts/${id}/revisions/1/restore`);
    expect(restore.status).toBe(404);
    expect(await restore.json()).toEqual({ error: "Post not found" });
  });
});

describe("GET /api/posts/:id/revisions/:revision/diff", () => {
  it("lists the changed fields, with the content's changed blocks, against now or another revision", async () => {
    const { id, json, patch, create } = await ownerWithPost();
    await patch(id, { title: "Second title", content: doc("A second paragraph", "A new ending") });
    const { status, body } = await json("GET", `/api/posts/${id}/revisions/1/diff?against=current`);
    expect(status).toBe(200);
    expect(body.from).toBe(1);
    expect(body.to).toBe("current");
    const changes = body.changes as Json[];
    expect(changes.map((change) => change.field)).toEqual(["title", "excerpt", "content"]);
    expect(changes[0]).toEqual({ field: "title", kind: "changed", before: "First title", after: "Second title" });
    expect(changes[2].blocks).toEqual([
      { kind: "removed", label: "Paragraph", before: "The paragraph I will regret deleting", after: null },
      { kind: "added", label: "Paragraph", before: null, after: "A new ending" },
    ]);
    const against2 = await json("GET", `/api/posts/${id}/revisions/1/diff?against=2`);
    expect(against2.body.to).toBe(2);
    expect(against2.body.changes).toEqual(body.changes);
    expect((await json("GET", `/api/posts/${id}/revisions/1/diff`)).body.to).toBe("current");
    expect((await json("GET", `/api/posts/${id}/revisions/2/diff?against=current`)).body.changes).toEqual([]);

    const missing = await json("GET", `/api/posts/${id}/revisions/1/diff?against=7`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "Revision not found" });
    expect((await json("GET", `/api/posts/${id}/revisions/1/diff?against=yesterday`)).status).toBe(400);
    // Another post's revision numbers are not this post's.
    const other = await create({ title: "Other" });
    expect((await json("GET", `/api/posts/${other}/revisions/2/diff`)).status).toBe(404);
  });
});

describe("POST /api/posts/:id/revisions/:revision/restore", () => {
  it("restores the fields, keeps status and publishedAt, writes a restore revision, fires post.updated, and answers 200 with the post", async () => {
    const { id, json, patch, get, user } = await ownerWithPost();
    await patch(id, { status: "published" });
    const published = await get(id);
    await patch(id, { title: "Rewritten", content: doc("Overwritten") });
    const events = await db().outboxEvent.count({ where: { ownerId: user.id, type: "post.updated" } });

    const restored = await json("POST", `/api/posts/${id}/revisions/1/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id, title: "First title", status: "published", publishedAt: published.publishedAt, format: "tiptap" });
    expect(restored.body.content).toEqual(doc("The paragraph I will regret deleting", "A second paragraph"));
    expect(restored.headers.get("etag")).toMatch(/^"r[0-9a-z]+"$/);
    expect(await db().outboxEvent.count({ where: { ownerId: user.id, type: "post.updated" } })).toBe(events + 1);

    const list = await json("GET", `/api/posts/${id}/revisions`);
    expect((list.body.data as Json[]).map((item) => [item.revision, item.reason, item.restoredFrom, item.title])).toEqual([
      [4, "restore", 1, "First title"],
      [3, "edit", null, "Rewritten"],
      [2, "publish", null, "First title"],
      [1, "create", null, "First title"],
    ]);
    // The restored post is what the owner's read shows, with the same ETag.
    const read = await fetch(`${baseUrl()}/api/posts/${id}`, { headers: { Authorization: `Bearer ${(await ownerKey(user.id))}` } });
    expect(read.headers.get("etag")).toBe(restored.headers.get("etag"));
  });

  it("honours If-Match: the current ETag restores, a stale one is 412 precondition_failed with the current post and changes nothing", async () => {
    const { id, json, call, patch } = await ownerWithPost();
    const etag = (await call("GET", `/api/posts/${id}`)).headers.get("etag")!;
    await patch(id, { title: "From another tab" });
    const stale = await json("POST", `/api/posts/${id}/revisions/1/restore`, undefined, { "If-Match": etag });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ error: "precondition_failed", current: { id, title: "From another tab" } });
    expect(((await json("GET", `/api/posts/${id}/revisions`)).body.pageInfo as Json).total).toBe(2);

    const fresh = (await call("GET", `/api/posts/${id}`)).headers.get("etag")!;
    const ok = await json("POST", `/api/posts/${id}/revisions/1/restore`, undefined, { "If-Match": fresh });
    expect(ok.status).toBe(200);
    expect(ok.body.title).toBe("First title");
  });

  it("takes effect once when retried with the same Idempotency-Key", async () => {
    const { id, call, patch, json } = await ownerWithPost();
    await patch(id, { title: "Later" });
    const headers = { "Idempotency-Key": uniqueName("key") };
    const first = await call("POST", `/api/posts/${id}/revisions/1/restore`, undefined, headers);
    const firstText = await first.text();
    const again = await call("POST", `/api/posts/${id}/revisions/1/restore`, undefined, headers);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(firstText);
    expect(((await json("GET", `/api/posts/${id}/revisions`)).body.pageInfo as Json).total).toBe(3);
  });

  it("is 404 Revision not found for a revision that does not exist, and 404 for all of a deleted post's history", async () => {
    const { id, json, call } = await ownerWithPost();
    const missing = await json("POST", `/api/posts/${id}/revisions/5/restore`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: "Revision not found" });
    expect((await call("DELETE", `/api/posts/${id}`)).status).toBe(200);
    expect(await db().postRevision.count({ where: { postId: id } })).toBe(0);
    const gone = await json("GET", `/api/posts/${id}/revisions`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: "Post not found" });
  });
});

describe("scopes", () => {
  it("reads need posts:read and restore needs posts:write; sessions are unscoped", async () => {
    const { id, user } = await ownerWithPost();
    const readOnly = await createTestKey(user.id, ["posts:read"]);
    const writeOnly = await createTestKey(user.id, ["posts:write"]);
    const as = (key: string, method: string, path: string) => fetch(`${baseUrl()}${path}`, { method, headers: { Authorization: `Bearer ${key}` } });
    for (const path of [`/api/posts/${id}/revisions`, `/api/posts/${id}/revisions/1`, `/api/posts/${id}/revisions/1/diff`]) {
      expect((await as(readOnly, "GET", path)).status).toBe(200);
      const refused = await as(writeOnly, "GET", path);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ error: "Insufficient scope", required: ["posts:read"] });
    }
    const refused = await as(readOnly, "POST", `/api/posts/${id}/revisions/1/restore`);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Insufficient scope", required: ["posts:write"] });
    expect((await as(writeOnly, "POST", `/api/posts/${id}/revisions/1/restore`)).status).toBe(200);
    expect((await fetch(`${baseUrl()}/api/posts/${id}/revisions`)).status).toBe(401);
    const session = await fetch(`${baseUrl()}/api/posts/${id}/revisions/1/restore`, { method: "POST", headers: { Cookie: await sessionCookieFor(user.id) } });
    expect(session.status).toBe(200);
  });
});

describe("responses match the documented schemas (top-level keys strict)", () => {
  it("list, revision, diff and restore", async () => {
    const { id, json, patch } = await ownerWithPost();
    await patch(id, { title: "Two", tagNames: ["a"], coauthors: [{ externalName: "Ann" }] });
    const expectShape = (schema: z.ZodObject, value: unknown) => expect(z.strictObject(schema.shape).safeParse(value).error?.issues ?? []).toEqual([]);
    const list = (await json("GET", `/api/posts/${id}/revisions`)).body;
    expectShape(revisionListSchema, list);
    for (const item of list.data as Json[]) expectShape(revisionListItemSchema, item);
    expectShape(postRevisionSchema, (await json("GET", `/api/posts/${id}/revisions/2?format=html`)).body);
    expectShape(revisionDiffSchema, (await json("GET", `/api/posts/${id}/revisions/1/diff`)).body);
    expectShape(postSchema, (await json("POST", `/api/posts/${id}/revisions/1/restore`)).body);
  });
});

async function ownerKey(userId: string): Promise<string> {
  return createTestKey(userId, ["posts:read"]);
}
