// The key management API (DASHBOARD.md "Endpoints the dashboard adds"): /api/keys is for a
// signed-in person only, never the full key after creation, expiry refused like revocation, and
// lastUsedAt kept without a write on every request.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { SCOPES } from "../../lib/auth/scopes";
import { connectTestDatabase, createTestKey, createTestUser, sessionCookieFor } from "../support/fixtures";
import { baseUrl } from "../support/posts-api";

connectTestDatabase();

type KeyView = { id: string; name: string; prefix: string; scopes: string[]; createdAt: string; lastUsedAt: string | null; expiresAt: string | null; revokedAt: string | null; kind: string; role: string; createdBy: { id: string; username: string } | null };

async function sessionUser() {
  const user = await createTestUser();
  const cookie = await sessionCookieFor(user.id);
  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl()}${path}`, {
      method,
      headers: { Cookie: cookie, ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const create = async (body: Record<string, unknown>) => {
    const res = await call("POST", "/api/keys", body);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { id: string; key: string; prefix: string; scopes: string[]; name: string; expiresAt: string | null };
  };
  return { user, cookie, call, create };
}

const me = (key: string) => fetch(`${baseUrl()}/api/me`, { headers: { Authorization: `Bearer ${key}` } });

describe("POST and GET /api/keys", () => {
  it("creates a key shown once, lists it by prefix only, and the key works at once", async () => {
    const owner = await sessionUser();
    const expiresAt = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
    const created = await owner.create({ name: "CI deploys", scopes: ["posts:read", "webhooks:read", "posts:read"], expiresAt });
    expect(created).toEqual({ id: expect.any(String), key: expect.stringMatching(/^ink_[0-9A-Za-z]{40}$/), prefix: created.key.slice(0, 12), scopes: ["posts:read", "webhooks:read"], name: "CI deploys", expiresAt });

    const list = await owner.call("GET", "/api/keys");
    expect(list.status).toBe(200);
    const text = await list.text();
    expect(text).not.toContain(created.key);
    const { data } = JSON.parse(text) as { data: KeyView[] };
    expect(data).toEqual([
      {
        id: created.id,
        name: "CI deploys",
        prefix: created.prefix,
        scopes: ["posts:read", "webhooks:read"],
        createdAt: expect.any(String),
        lastUsedAt: null,
        expiresAt,
        revokedAt: null,
        // TEAMS.md "Keys": a key made from a session is personal, with its maker's role now.
        kind: "personal",
        role: "owner",
        createdBy: { id: owner.user.id, username: owner.user.username },
      },
    ]);
    const meRes = await me(created.key);
    expect(meRes.status).toBe(200);
    expect(((await meRes.json()) as { scopes: string[] }).scopes).toEqual(["posts:read", "webhooks:read"]);
  });

  it("lists only the caller's own keys, newest first", async () => {
    const owner = await sessionUser();
    const other = await sessionUser();
    const first = await owner.create({ name: "one", scopes: ["posts:read"] });
    const second = await owner.create({ name: "two", scopes: ["posts:write"] });
    await other.create({ name: "theirs", scopes: ["posts:read"] });
    const { data } = (await (await owner.call("GET", "/api/keys")).json()) as { data: KeyView[] };
    expect(data.map((key) => key.id)).toEqual([second.id, first.id]);
  });

  it.each([
    ["no name", { scopes: ["posts:read"] }, "name"],
    ["an empty name", { name: " ", scopes: ["posts:read"] }, "name"],
    ["no scopes", { name: "k", scopes: [] }, "scopes"],
    ["an unknown scope", { name: "k", scopes: ["keys:write"] }, "scopes.0"],
    ["an expiry in the past", { name: "k", scopes: ["posts:read"], expiresAt: "2020-01-01T00:00:00Z" }, "expiresAt"],
    ["an expiry without a zone", { name: "k", scopes: ["posts:read"], expiresAt: "2030-01-01T00:00:00" }, "expiresAt"],
  ])("refuses %s with 400 Invalid input", async (_label, body, path) => {
    const owner = await sessionUser();
    const res = await owner.call("POST", "/api/keys", body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: string; issues: { path: string[] }[] };
    expect(json.error).toBe("Invalid input");
    expect(json.issues.map((issue) => issue.path.join("."))).toContain(path);
    expect(await db().apiKey.count({ where: { userId: owner.user.id } })).toBe(0);
  });
});

describe("session only", () => {
  it("a key, even with every scope, gets 403 Session required on every /api/keys call", async () => {
    const owner = await sessionUser();
    const key = await createTestKey(owner.user.id, [...SCOPES]);
    const { id } = await owner.create({ name: "victim", scopes: ["posts:read"] });
    for (const [method, path, body] of [
      ["GET", "/api/keys"],
      ["POST", "/api/keys", { name: "minted", scopes: ["posts:read"] }],
      ["DELETE", `/api/keys/${id}`],
    ] as const) {
      const res = await fetch(`${baseUrl()}${path}`, {
        method,
        headers: { Authorization: `Bearer ${key}`, Cookie: owner.cookie, "Content-Type": "application/json" },
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(await res.json()).toEqual({ error: "Session required" });
    }
    expect(await db().apiKey.count({ where: { userId: owner.user.id, revokedAt: null } })).toBe(2);
  });

  it("no credentials is 401; a cross-site cookie write is refused", async () => {
    expect((await fetch(`${baseUrl()}/api/keys`)).status).toBe(401);
    const owner = await sessionUser();
    const res = await owner.call("POST", "/api/keys", { name: "x", scopes: ["posts:read"] }, { Origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Cross-site request refused" });
  });
});

describe("DELETE /api/keys/:id", () => {
  it("revokes: the key gets 401 at once, the list shows when; revoking again keeps the first time", async () => {
    const owner = await sessionUser();
    const created = await owner.create({ name: "short-lived", scopes: ["posts:read"] });
    expect((await me(created.key)).status).toBe(200);
    const res = await owner.call("DELETE", `/api/keys/${created.id}`);
    expect(res.status).toBe(200);
    const revoked = (await res.json()) as { id: string; revokedAt: string };
    expect(revoked).toEqual({ id: created.id, revokedAt: expect.any(String) });
    const after = await me(created.key);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: "Unauthorized" });
    const again = (await (await owner.call("DELETE", `/api/keys/${created.id}`)).json()) as { revokedAt: string };
    expect(again.revokedAt).toBe(revoked.revokedAt);
    const { data } = (await (await owner.call("GET", "/api/keys")).json()) as { data: KeyView[] };
    expect(data[0].revokedAt).toBe(revoked.revokedAt);
  });

  it("another user's key is 404 and stays valid", async () => {
    const owner = await sessionUser();
    const stranger = await sessionUser();
    const created = await owner.create({ name: "mine", scopes: ["posts:read"] });
    const res = await stranger.call("DELETE", `/api/keys/${created.id}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "API key not found" });
    expect((await me(created.key)).status).toBe(200);
  });
});

describe("expiry and last use", () => {
  it("an expired key is 401 exactly like a revoked one; a key before its expiry works", async () => {
    const owner = await sessionUser();
    const created = await owner.create({ name: "expiring", scopes: ["posts:read"], expiresAt: new Date(Date.now() + 3600_000).toISOString() });
    expect((await me(created.key)).status).toBe(200);
    await db().apiKey.update({ where: { id: created.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await me(created.key);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Unauthorized" });
    const posts = await fetch(`${baseUrl()}/api/posts/mine`, { headers: { Authorization: `Bearer ${created.key}` } });
    expect(posts.status).toBe(401);
  });

  it("records lastUsedAt on use, at most once a minute per key", async () => {
    const owner = await sessionUser();
    const created = await owner.create({ name: "used", scopes: ["posts:read"] });
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAt).toBeNull();
    const before = Date.now();
    expect((await me(created.key)).status).toBe(200);
    // The write is not awaited by the request: wait for it.
    let lastUsedAt: Date | null = null;
    for (let i = 0; i < 100 && !lastUsedAt; i++) {
      lastUsedAt = (await db().apiKey.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAt;
      if (!lastUsedAt) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    for (let i = 0; i < 3; i++) expect((await me(created.key)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAt).toEqual(lastUsedAt);
  });
});
