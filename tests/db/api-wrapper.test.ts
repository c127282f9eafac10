// The route wrapper against the real database: authentication modes, every scope, the Pro
// gate, zod parsing, error mapping, request ids and the public rate-limit policy.
import { NextRequest } from "next/server";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { api } from "../../lib/http/api";
import { notFound } from "../../lib/http/api-error";
import { SCOPES, type Scope } from "../../lib/auth/scopes";
import { createTestKey, createTestUser, sessionCookieFor, connectTestDatabase } from "../support/fixtures";
import { logger } from "../../lib/log/logger";

connectTestDatabase();

function request(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new NextRequest(new URL(path, "http://inkbase.test"), init);
}
const noParams = { params: Promise.resolve({}) };

describe("scopes", () => {
  let userId: string;
  beforeAll(async () => {
    userId = (await createTestUser()).id;
  });

  describe.each(SCOPES.map((scope) => [scope]))("a route requiring %s", (scope: Scope) => {
    const route = api({ auth: "key-or-session", scopes: [scope], handler: async () => ({ ok: true }) });

    it("admits a key that has it", async () => {
      const key = await createTestKey(userId, [scope]);
      const res = await route(request("/x", { headers: { Authorization: `Bearer ${key}` } }), noParams);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
    });

    it("gives 403 Insufficient scope to a key with every other scope", async () => {
      const key = await createTestKey(userId, SCOPES.filter((other) => other !== scope));
      const res = await route(request("/x", { headers: { Authorization: `Bearer ${key}` } }), noParams);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Insufficient scope", required: [scope] });
    });

    it("admits a session, which is unscoped", async () => {
      const res = await route(request("/x", { headers: { Cookie: await sessionCookieFor(userId) } }), noParams);
      expect(res.status).toBe(200);
    });
  });

  it("lists every required scope when a route needs several", async () => {
    const route = api({ auth: "key", scopes: ["collections:read", "collections:write"], handler: async () => ({}) });
    const key = await createTestKey(userId, ["collections:read"]);
    const res = await route(request("/x", { headers: { Authorization: `Bearer ${key}` } }), noParams);
    expect(await res.json()).toEqual({ error: "Insufficient scope", required: ["collections:read", "collections:write"] });
  });
});

describe("authentication modes", () => {
  it("`key` refuses a session cookie with 401", async () => {
    const user = await createTestUser();
    const route = api({ auth: "key", handler: async () => ({}) });
    const res = await route(request("/x", { headers: { Cookie: await sessionCookieFor(user.id) } }), noParams);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Unauthorized" });
  });

  it("a session for a deleted user is 401", async () => {
    const route = api({ auth: "key-or-session", handler: async () => ({}) });
    const res = await route(request("/x", { headers: { Cookie: await sessionCookieFor("no-such-user") } }), noParams);
    expect(res.status).toBe(401);
  });

  it("a forged session cookie is 401", async () => {
    const route = api({ auth: "key-or-session", handler: async () => ({}) });
    const res = await route(request("/x", { headers: { Cookie: "next-auth.session-token=forged" } }), noParams);
    expect(res.status).toBe(401);
  });

  it("passes the principal taken from the key, never from the URL", async () => {
    const user = await createTestUser();
    const key = await createTestKey(user.id, ["posts:read"]);
    const route = api({ auth: "key", handler: async ({ principal }) => ({ userId: principal.projectId }) });
    const res = await route(request("/x?userId=someone-else", { headers: { Authorization: `Bearer ${key}` } }), noParams);
    expect(await res.json()).toEqual({ userId: user.id });
  });
});

describe("plan gate", () => {
  const route = api({
    auth: "key-or-session",
    plan: "pro",
    scopes: ["collections:write"],
    body: z.object({ name: z.string() }),
    handler: async () => ({ ok: true }),
  });

  it("answers 403 Pro plan required before scopes and validation", async () => {
    const user = await createTestUser({ plan: "free" });
    const key = await createTestKey(user.id, ["posts:read"]);
    const res = await route(request("/x", { method: "POST", headers: { Authorization: `Bearer ${key}` }, body: "{not json" }), noParams);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Pro plan required" });
  });

  it("lets a Pro user through", async () => {
    const user = await createTestUser({ plan: "pro" });
    const key = await createTestKey(user.id, ["collections:write"]);
    const res = await route(request("/x", { method: "POST", headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" }, body: '{"name":"a"}' }), noParams);
    expect(res.status).toBe(200);
  });
});

describe("input parsing and errors", () => {
  const route = api({
    auth: "none",
    params: z.object({ id: z.string().regex(/^[a-z]+$/) }),
    query: z.object({ page: z.coerce.number().int().min(1).default(1) }),
    body: z.object({ title: z.string().min(1), tags: z.array(z.string()).optional() }),
    handler: async ({ params, query, body }) => ({ params, query, body }),
  });
  const post = (path: string, body: string, id = "abc") =>
    route(request(path, { method: "POST", body, headers: { "Content-Type": "application/json" } }), { params: Promise.resolve({ id }) });

  it("hands parsed params, query and body to the handler", async () => {
    const res = await post("/x?page=2", '{"title":"Hi"}');
    expect(await res.json()).toEqual({ params: { id: "abc" }, query: { page: 2 }, body: { title: "Hi" } });
  });

  it("gives 400 Invalid input with string paths for a bad body", async () => {
    const res = await post("/x", '{"title":"","tags":[1]}');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toBe("Invalid input");
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: ["title"], message: expect.any(String) },
        { path: ["tags", "0"], message: expect.any(String) },
      ]),
    );
  });

  it("gives 400 Invalid input for bad params and query", async () => {
    expect((await post("/x", '{"title":"a"}', "ABC")).status).toBe(400);
    const res = await post("/x?page=0", '{"title":"a"}');
    expect(res.status).toBe(400);
    expect((await res.json()).issues[0].path).toEqual(["page"]);
  });

  it("gives 400 Invalid JSON for a malformed body", async () => {
    const res = await post("/x", '{"title": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Invalid JSON" });
  });

  it("gives 400 Invalid input for a missing body", async () => {
    const res = await post("/x", "");
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("Invalid input");
  });

  it("maps a thrown ApiError to its status and body", async () => {
    const missing = api({ auth: "none", handler: async () => { throw notFound("Entry not found"); } });
    const res = await missing(request("/x"), noParams);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Entry not found" });
  });

  it("turns anything else into a logged 500 carrying the request id", async () => {
    const log = vi.spyOn(logger(), "error").mockImplementation(() => {});
    const broken = api({ auth: "none", handler: async () => { throw new Error("boom"); } });
    const res = await broken(request("/x"), noParams);
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({ error: "Internal server error", requestId: res.headers.get("x-request-id") });
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ requestId: body.requestId, path: "/x", err: expect.objectContaining({ message: "boom" }) }), "unhandled error in an API route");
    expect(JSON.stringify(body)).not.toContain("boom");
    log.mockRestore();
  });

  it("sets X-Request-Id on every response, keeping a sane incoming one", async () => {
    const ok = api({ auth: "none", handler: async () => ({}) });
    const fresh = await ok(request("/x"), noParams);
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await ok(request("/x", { headers: { "X-Request-Id": "req-1234567890" } }), noParams);
    expect(kept.headers.get("x-request-id")).toBe("req-1234567890");
    const replaced = await ok(request("/x", { headers: { "X-Request-Id": "bad id with spaces" } }), noParams);
    expect(replaced.headers.get("x-request-id")).not.toBe("bad id with spaces");
  });
});

describe("public rate-limit policy", () => {
  afterEach(() => {
    delete process.env.RATE_LIMIT_PUBLIC_PER_MIN;
    delete process.env.TRUST_PROXY;
  });

  it("limits per client IP from X-Forwarded-For when TRUST_PROXY=1, with headers on every response", async () => {
    process.env.RATE_LIMIT_PUBLIC_PER_MIN = "3";
    process.env.TRUST_PROXY = "1";
    const route = api({ auth: "none", rateLimit: "public", query: z.object({ q: z.string().min(2) }), handler: async () => ({}) });
    const octet = 1 + Math.floor(Math.random() * 250);
    const ip = `203.0.113.${octet}`;
    const call = (query = "q=ok", forwarded = `${ip}, 10.0.0.1`) =>
      route(request(`/x?${query}`, { headers: { "X-Forwarded-For": forwarded } }), noParams);

    // The window is the clock minute: do not start the burst in its last seconds.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 3_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
    const first = await call();
    expect(first.status).toBe(200);
    expect(first.headers.get("x-ratelimit-limit")).toBe("3");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("2");
    const invalid = await call("q=x");
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("x-ratelimit-remaining")).toBe("1");
    expect((await call()).status).toBe(200);

    const limited = await call();
    expect(limited.status).toBe(429);
    const body = await limited.json();
    expect(body).toEqual({ error: "rate_limited", retryAfter: expect.any(Number) });
    expect(limited.headers.get("retry-after")).toBe(String(body.retryAfter));

    // Only the first X-Forwarded-For entry counts: another client behind the same proxy is free.
    expect((await call("q=ok", `198.51.100.${octet}, 10.0.0.1`)).status).toBe(200);
  });
});
