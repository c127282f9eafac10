// Authorization of every posts route (SPEC "Authentication"): the scope each owner route needs
// (403 with the exact body when the key lacks it), 401 without a valid key, sessions unscoped,
// and public reads that need no credentials at all.
import { describe, expect, it } from "vitest";
import { SCOPES, type Scope } from "../../lib/auth/scopes";
import { connectTestDatabase, createTestKey, createTestUser, sessionCookieFor, uniqueName } from "../support/fixtures";
import { baseUrl, createOwner, publicGet } from "../support/posts-api";

connectTestDatabase();

type Route = { name: string; scope: Scope; request: (id: string) => { method: string; path: string; body?: unknown } };

const ROUTES: Route[] = [
  { name: "GET /api/posts/mine", scope: "posts:read", request: () => ({ method: "GET", path: "/api/posts/mine" }) },
  { name: "GET /api/posts/:id", scope: "posts:read", request: (id) => ({ method: "GET", path: `/api/posts/${id}` }) },
  { name: "POST /api/posts", scope: "posts:write", request: () => ({ method: "POST", path: "/api/posts", body: { title: "T", slug: uniqueName("s") } }) },
  { name: "PATCH /api/posts/:id", scope: "posts:write", request: (id) => ({ method: "PATCH", path: `/api/posts/${id}`, body: { title: "T2" } }) },
  { name: "POST /api/posts/bulk (publish)", scope: "posts:write", request: (id) => ({ method: "POST", path: "/api/posts/bulk", body: { ids: [id], action: "publish" } }) },
  { name: "POST /api/posts/bulk (delete)", scope: "posts:write", request: (id) => ({ method: "POST", path: "/api/posts/bulk", body: { ids: [id], action: "delete" } }) },
  { name: "DELETE /api/posts/:id", scope: "posts:delete", request: (id) => ({ method: "DELETE", path: `/api/posts/${id}` }) },
];

function send(request: { method: string; path: string; body?: unknown }, headers: Record<string, string>) {
  return fetch(`${baseUrl()}${request.path}`, {
    method: request.method,
    headers: { ...headers, ...(request.body === undefined ? {} : { "Content-Type": "application/json" }) },
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
}

describe.each(ROUTES)("$name", (route) => {
  it(`succeeds with a key holding only ${route.scope}`, async () => {
    const owner = await createOwner();
    const id = await owner.create();
    const key = await createTestKey(owner.user.id, [route.scope]);
    const res = await send(route.request(id), { Authorization: `Bearer ${key}` });
    expect(res.status).toBeLessThan(300);
  });

  it(`answers 403 Insufficient scope to a key with every scope but ${route.scope}, and changes nothing`, async () => {
    const owner = await createOwner();
    const id = await owner.create({ title: "Untouched" });
    const key = await createTestKey(owner.user.id, SCOPES.filter((scope) => scope !== route.scope));
    const res = await send(route.request(id), { Authorization: `Bearer ${key}` });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Insufficient scope", required: [route.scope] });
    expect(await owner.get(id)).toMatchObject({ title: "Untouched", status: "draft" });
  });

  it.each([
    ["no credentials", {}],
    ["a malformed key", { Authorization: "Bearer not-a-key" }],
    ["an unknown key", { Authorization: `Bearer ink_${"x".repeat(40)}` }],
  ])("answers 401 Unauthorized with %s", async (_label, headers) => {
    const owner = await createOwner();
    const id = await owner.create();
    const res = await send(route.request(id), headers as Record<string, string>);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Unauthorized" });
  });

  it("accepts the owner's web-app session, which is unscoped", async () => {
    const owner = await createOwner();
    const id = await owner.create();
    const res = await send(route.request(id), { Cookie: await sessionCookieFor(owner.user.id) });
    expect(res.status).toBeLessThan(300);
  });
});

describe("public reads", () => {
  it.each([[""], ["/a-slug"], ["/search?q=ab"], ["/tags"]])("need no credentials (%s)", async (path) => {
    const user = await createTestUser();
    const owner = await createOwner();
    await owner.create({ slug: "a-slug", status: "published" });
    const project = path === "/a-slug" ? owner.user.username : user.username;
    const res = await publicGet(`/api/posts/by-username/${project}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-ratelimit-limit")).toBe("60");
  });
});
