// Key and session authentication at the HTTP level, through GET /api/me and /api/health.
import { beforeAll, describe, expect, inject, it } from "vitest";
import { SCOPES } from "../../lib/auth/scopes";
import { revokeApiKey } from "../../lib/auth/revoke-api-key";
import { db } from "../../lib/db";
import { createTestKey, createTestUser, signInOverHttp, connectTestDatabase } from "../support/fixtures";

connectTestDatabase();
const baseUrl = inject("baseUrl");

function me(headers: Record<string, string> = {}) {
  return fetch(`${baseUrl}/api/me`, { headers });
}

describe("GET /api/health", () => {
  it("reports the database and carries a request id", async () => {
    const res = await fetch(`${baseUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, database: "postgres" });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });
});

describe("API key authentication", () => {
  let user: Awaited<ReturnType<typeof createTestUser>>;
  let key: string;
  beforeAll(async () => {
    user = await createTestUser({ plan: "pro" });
    key = await createTestKey(user.id, ["posts:read", "collections:read"]);
  });

  it("answers /api/me with the owner and the key's scopes", async () => {
    const res = await me({ Authorization: `Bearer ${key}` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      plan: "pro",
      scopes: ["posts:read", "collections:read"],
      // TEAMS.md: the current project and the caller's role there (a CLI key is a project key, admin).
      project: { username: user.username, role: "admin" },
    });
  });

  it("records lastUsedAt", async () => {
    await me({ Authorization: `Bearer ${key}` });
    await expect
      .poll(async () => (await db().apiKey.findFirst({ where: { userId: user.id } }))?.lastUsedAt ?? null)
      .toBeInstanceOf(Date);
  });

  it.each([
    ["no Authorization header", {}],
    ["a non-Bearer scheme", { Authorization: "Basic abc" }],
    ["a key without the ink_ prefix", { Authorization: `Bearer ${"a".repeat(44)}` }],
    ["a key of the wrong length", { Authorization: `Bearer ink_${"a".repeat(39)}` }],
    ["a well-formed unknown key", { Authorization: `Bearer ink_${"Z".repeat(40)}` }],
    ["an empty bearer token", { Authorization: "Bearer " }],
  ])("gives 401 Unauthorized for %s", async (_label, headers) => {
    const res = await me(headers as Record<string, string>);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Unauthorized" });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("gives 401 for a revoked key", async () => {
    const revoked = await createTestKey(user.id, [...SCOPES]);
    expect((await me({ Authorization: `Bearer ${revoked}` })).status).toBe(200);
    const row = await db().apiKey.findFirstOrThrow({ where: { userId: user.id, prefix: revoked.slice(0, 12) } });
    await revokeApiKey({ id: row.id });
    const res = await me({ Authorization: `Bearer ${revoked}` });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Unauthorized" });
  });

  it("stores only the hash and the prefix of a key", async () => {
    const rows = await db().apiKey.findMany({ where: { userId: user.id } });
    for (const row of rows) {
      expect(row.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(key);
      expect(row.prefix).toMatch(/^ink_[0-9A-Za-z]{8}$/);
    }
  });
});

describe("session authentication (next-auth credentials)", () => {
  it("signs in with email and password and answers /api/me unscoped", async () => {
    const user = await createTestUser();
    const session = await signInOverHttp(baseUrl, user.email, user.password);
    expect(session.ok).toBe(true);
    const res = await me({ Cookie: session.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: user.id, username: user.username, scopes: null });
  });

  it("refuses a wrong password", async () => {
    const user = await createTestUser();
    const session = await signInOverHttp(baseUrl, user.email, "not-the-password");
    expect(session.ok).toBe(false);
    expect((await me({ Cookie: session.cookie })).status).toBe(401);
  });

  it("judges a request that presents a key by the key alone", async () => {
    const user = await createTestUser();
    const session = await signInOverHttp(baseUrl, user.email, user.password);
    const res = await me({ Cookie: session.cookie, Authorization: `Bearer ink_${"Q".repeat(40)}` });
    expect(res.status).toBe(401);
  });

  it("keeps passwords hashed with scrypt", async () => {
    const user = await createTestUser();
    const row = await db().user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(row.passwordHash).not.toContain(user.password);
  });
});
