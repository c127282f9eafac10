// Who may call the collections API: the Pro gate (checked right after authentication, before
// scopes, rate limit and input), the scope each route needs, sessions (unscoped) and tenancy.
import { beforeAll, describe, expect, it } from "vitest";
import { SCOPES, type Scope } from "../../lib/auth/scopes";
import { setUserPlan } from "../../lib/users/set-user-plan";
import { client, entryPath, makeCollection, makeEntry, proOwner, type Client } from "../support/collections-client";
import { connectTestDatabase, createTestKey, createTestUser, sessionCookieFor } from "../support/fixtures";

connectTestDatabase();

type Route = { method: string; path: (c: string, e: string) => string; scope: Scope; body?: unknown };
const bodyOf = (route: Route, entryId: string) => (typeof route.body === "function" ? route.body(entryId) : route.body);

const ROUTES: Route[] = [
  { method: "GET", path: () => "/api/collections", scope: "collections:read" },
  { method: "POST", path: () => "/api/collections", scope: "collections:write", body: { name: "X", slug: "x-new" } },
  { method: "GET", path: (c) => `/api/collections/${c}`, scope: "collections:read" },
  { method: "PATCH", path: (c) => `/api/collections/${c}`, scope: "collections:write", body: { name: "Renamed" } },
  { method: "DELETE", path: (c) => `/api/collections/${c}`, scope: "collections:delete" },
  { method: "GET", path: (c) => `/api/collections/${c}/entries`, scope: "collections:read" },
  { method: "POST", path: (c) => `/api/collections/${c}/entries`, scope: "collections:write", body: { data: { title: "t" } } },
  { method: "GET", path: (c, e) => `${entryPath(c, e)}?version=v_1`, scope: "collections:read" },
  { method: "PATCH", path: (c, e) => entryPath(c, e), scope: "collections:write", body: { data: { title: "t2" } } },
  { method: "DELETE", path: (c, e) => entryPath(c, e), scope: "collections:delete" },
  { method: "GET", path: (c, e) => `${entryPath(c, e)}/versions`, scope: "collections:read" },
  { method: "GET", path: (c, e) => `${entryPath(c, e)}/versions/v_1`, scope: "collections:read" },
  { method: "GET", path: (c, e) => `${entryPath(c, e)}/labels/production`, scope: "collections:read" },
  { method: "GET", path: (c, e) => `${entryPath(c, e)}/labels/production/history`, scope: "collections:read" },
  { method: "PUT", path: (c, e) => `${entryPath(c, e)}/labels/staging`, scope: "collections:write", body: { version: "v_1" } },
  { method: "DELETE", path: (c, e) => `${entryPath(c, e)}/labels/production`, scope: "collections:write" },
  { method: "POST", path: (c) => `/api/collections/${c}/entries/bulk`, scope: "collections:write", body: { entries: [{ data: { title: "b" } }] } },
  { method: "POST", path: (c) => `/api/collections/${c}/entries/bulk`, scope: "collections:write", body: (e: string) => ({ updates: [{ id: e, data: { title: "b" } }] }) },
  { method: "POST", path: (c) => `/api/collections/${c}/entries/bulk`, scope: "collections:delete", body: (e: string) => ({ ids: [e], action: "delete" }) },
];

const label = (route: Route) => `${route.method} ${route.path(":id", ":entryId")} ${JSON.stringify(bodyOf(route, ":entryId") ?? "").slice(0, 12)}`;

describe("the Pro gate", () => {
  let free: Client;
  beforeAll(async () => {
    const user = await createTestUser({ plan: "free" });
    free = client({ key: await createTestKey(user.id, [...SCOPES]) });
  });

  it.each(ROUTES.map((route) => [label(route), route]))("%s gives 403 Pro plan required to a free account with every scope", async (_name, route) => {
    const res = await free.call(route.method, route.path("anything", "nothing"), bodyOf(route, "nothing"));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "Pro plan required" });
  });

  it("is checked before scopes and before input validation", async () => {
    const user = await createTestUser({ plan: "free" });
    const noScopes = client({ key: await createTestKey(user.id, ["posts:read"]) });
    const res = await noScopes.call("POST", "/api/collections", { bogus: true });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "Pro plan required" });
  });

  it("applies to a free account's session too", async () => {
    const user = await createTestUser({ plan: "free" });
    const session = client({ cookie: await sessionCookieFor(user.id) });
    const res = await session.call("GET", "/api/collections");
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "Pro plan required" });
  });

  it("lets the account in once it is upgraded", async () => {
    const user = await createTestUser({ plan: "free" });
    const key = await createTestKey(user.id, ["collections:read"]);
    expect((await client({ key }).call("GET", "/api/collections")).status).toBe(403);
    await setUserPlan({ username: user.username, plan: "pro" });
    expect((await client({ key }).call("GET", "/api/collections")).status).toBe(200);
  });
});

describe("scopes", () => {
  it.each(ROUTES.map((route) => [label(route), route]))("%s needs its scope", async (_name, route) => {
    const { user, api } = await proOwner();
    const collectionId = await makeCollection(api);
    const entryId = await makeEntry(api, collectionId, { title: "Hello", slug: `s-${Date.now()}` }, "production");

    const without = client({ key: await createTestKey(user.id, SCOPES.filter((scope) => scope !== route.scope)) });
    const denied = await without.call(route.method, route.path(collectionId, entryId), bodyOf(route, entryId));
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ error: "Insufficient scope", required: [route.scope] });

    const withScope = client({ key: await createTestKey(user.id, [route.scope]) });
    const allowed = await withScope.call(route.method, route.path(collectionId, entryId), bodyOf(route, entryId));
    expect(allowed.status).toBeLessThan(300);
  });

  it("bulk delete is refused to a key with only collections:write, and nothing is deleted", async () => {
    const { user, api } = await proOwner();
    const collectionId = await makeCollection(api);
    const entryId = await makeEntry(api, collectionId, { title: "Keep" });
    const writer = client({ key: await createTestKey(user.id, ["collections:write", "collections:read"]) });
    const res = await writer.call("POST", `/api/collections/${collectionId}/entries/bulk`, { ids: [entryId], action: "delete" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "Insufficient scope", required: ["collections:delete"] });
    expect((await api.call("GET", `${entryPath(collectionId, entryId)}?version=v_1`)).status).toBe(200);
  });

  it("bulk create is refused to a key with only collections:delete", async () => {
    const { user, api } = await proOwner();
    const collectionId = await makeCollection(api);
    const deleter = client({ key: await createTestKey(user.id, ["collections:delete"]) });
    const res = await deleter.call("POST", `/api/collections/${collectionId}/entries/bulk`, { entries: [{ data: { title: "x" } }] });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "Insufficient scope", required: ["collections:write"] });
  });
});

describe("sessions and keys", () => {
  it("a Pro account's session is unscoped and may use every route", async () => {
    const user = await createTestUser({ plan: "pro" });
    const session = client({ cookie: await sessionCookieFor(user.id) });
    const collectionId = await makeCollection(session);
    const entryId = await makeEntry(session, collectionId, { title: "From a session" }, "production");
    expect((await session.call("GET", entryPath(collectionId, entryId))).status).toBe(200);
    expect((await session.call("POST", `/api/collections/${collectionId}/entries/bulk`, { ids: [entryId], action: "delete" })).body.results[0].status).toBe(200);
    expect((await session.call("DELETE", `/api/collections/${collectionId}`)).status).toBe(200);
  });

  it("no key is 401", async () => {
    const res = await client({}).call("GET", "/api/collections");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "Unauthorized" });
  });

  it("another account's collection and entries are 404 Collection not found", async () => {
    const owner = await proOwner();
    const collectionId = await makeCollection(owner.api);
    const entryId = await makeEntry(owner.api, collectionId, { title: "Mine" }, "production");
    const stranger = await proOwner();
    for (const [method, path] of [
      ["GET", `/api/collections/${collectionId}`],
      ["GET", `/api/collections/${collectionId}/entries`],
      ["GET", entryPath(collectionId, entryId)],
      ["PATCH", entryPath(collectionId, entryId)],
      ["DELETE", entryPath(collectionId, entryId)],
      ["PUT", `${entryPath(collectionId, entryId)}/labels/production`],
      ["DELETE", `/api/collections/${collectionId}`],
    ] as const) {
      const body = method === "PATCH" ? { data: { title: "x" } } : method === "PUT" ? { version: "v_1" } : undefined;
      const res = await stranger.api.call(method, path, body);
      expect([method, path, res.status, res.body]).toEqual([method, path, 404, { error: "Collection not found" }]);
    }
    expect((await stranger.api.call("GET", "/api/collections")).body).toEqual([]);
    expect((await owner.api.call("GET", entryPath(collectionId, entryId))).status).toBe(200);
  });
});
