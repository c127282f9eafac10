// A replay in one statement (lib/auth/authenticate-api-key-with-stored-answer.ts): a keyed write
// by API key reads the finished answer stored under its Idempotency-Key along with the key, and
// the wrapper replays it without claiming. Against the real database: the key is still judged
// first (revoked and expired keys get 401, never a replay), only a finished unexpired answer of
// this key's own scope is read, a replay charges no rate limit, and it sends one statement.
import { afterEach, describe, expect, it, vi } from "vitest";
import { authenticateApiKeyWithStoredAnswer } from "../../lib/auth/authenticate-api-key-with-stored-answer";
import { dbConnection } from "../../lib/db";
import { sql } from "../../lib/db-sql";
import { connectTestDatabase, createTestKey, uniqueName } from "../support/fixtures";
import { countingRoute, keyed, noParams, post } from "../support/idempotency-requests";

connectTestDatabase();

const savedLimit = process.env.RATE_LIMIT_KEY_PER_MIN;
afterEach(() => {
  vi.restoreAllMocks();
  if (savedLimit === undefined) delete process.env.RATE_LIMIT_KEY_PER_MIN;
  else process.env.RATE_LIMIT_KEY_PER_MIN = savedLimit;
});

/** A user's key with one finished answer stored under `idem` (by a first request through the wrapper). */
async function keyWithStoredAnswer() {
  const { user, key, auth } = await keyed();
  const { route, runs } = countingRoute();
  const headers = { ...auth, "Idempotency-Key": uniqueName("k") };
  expect((await route(post(headers, { title: "One" }), noParams)).status).toBe(201);
  return { user, key, auth, headers, route, runs, idem: headers["Idempotency-Key"] };
}

describe("the API key is judged before any stored answer", () => {
  it("answers 401 to a revoked key that has a stored answer, and runs nothing", async () => {
    const { user, key, headers, route, runs, idem } = await keyWithStoredAnswer();
    await sql().$executeRaw`UPDATE "ApiKey" SET "revokedAt" = now() WHERE "userId" = ${user.id}`;
    const res = await route(post(headers, { title: "One" }), noParams);
    expect(res.status).toBe(401);
    expect(res.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await authenticateApiKeyWithStoredAnswer(key, idem)).toEqual({ principal: null, stored: null });
    expect(runs).toHaveLength(1);
  });

  it("answers 401 to an expired key that has a stored answer", async () => {
    const { user, key, headers, route, runs, idem } = await keyWithStoredAnswer();
    await sql().$executeRaw`UPDATE "ApiKey" SET "expiresAt" = now() - interval '1 second' WHERE "userId" = ${user.id}`;
    const res = await route(post(headers, { title: "One" }), noParams);
    expect(res.status).toBe(401);
    expect(res.headers.get("Idempotent-Replayed")).toBeNull();
    expect(await authenticateApiKeyWithStoredAnswer(key, idem)).toEqual({ principal: null, stored: null });
    expect(runs).toHaveLength(1);
  });
});

describe("which stored answer the key's lookup reads", () => {
  it("reads the finished answer of this key and Idempotency-Key only", async () => {
    const { user, key, idem } = await keyWithStoredAnswer();
    const found = await authenticateApiKeyWithStoredAnswer(key, idem);
    expect(found.principal).toMatchObject({ kind: "key", projectId: user.id });
    expect(found.stored).toMatchObject({ kind: "finished", requestHash: expect.stringMatching(/^[0-9a-f]{64}$/), answer: { status: 201 } });
    expect(new TextDecoder().decode(found.stored!.answer.body!)).toBe('{"n":1,"title":"One"}');
    expect(found.stored!.answer.headers).toMatchObject({ location: "/things/1", etag: '"v1"' });

    // Another key of the same user, or another Idempotency-Key: authenticated, nothing stored.
    const otherKey = await createTestKey(user.id, ["posts:write"]);
    expect(await authenticateApiKeyWithStoredAnswer(otherKey, idem)).toMatchObject({ principal: { projectId: user.id }, stored: null });
    expect(await authenticateApiKeyWithStoredAnswer(key, `${idem}-other`)).toMatchObject({ principal: { projectId: user.id }, stored: null });
    // An unknown key: nothing at all.
    expect(await authenticateApiKeyWithStoredAnswer(`ink_${"x".repeat(40)}`, idem)).toEqual({ principal: null, stored: null });
  });

  it("leaves a running claim and an expired answer to the claim: 409, and a rerun", async () => {
    const { user, key, headers, route, runs, idem } = await keyWithStoredAnswer();
    await sql().$executeRaw`UPDATE "IdempotencyKey" SET "expiresAt" = now() - interval '1 second' WHERE "userId" = ${user.id}`;
    expect((await authenticateApiKeyWithStoredAnswer(key, idem)).stored).toBeNull();
    const rerun = await route(post(headers, { title: "One" }), noParams);
    expect(rerun.status).toBe(201);
    expect(rerun.headers.get("Idempotent-Replayed")).toBeNull();
    expect(runs).toHaveLength(2);

    // A claim whose request is still running (no answer yet, lease alive).
    await sql().$executeRaw`UPDATE "IdempotencyKey" SET status = NULL, "requestHash" = NULL, token = 'elsewhere', "lockedUntil" = now() + interval '30 seconds' WHERE "userId" = ${user.id}`;
    expect((await authenticateApiKeyWithStoredAnswer(key, idem)).stored).toBeNull();
    expect((await route(post(headers, { title: "One" }), noParams)).status).toBe(409);
    expect(runs).toHaveLength(2);
  });

  it("still answers 422 to the same key with another body", async () => {
    const { headers, route, runs } = await keyWithStoredAnswer();
    const res = await route(post(headers, { title: "Two" }), noParams);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: "Idempotency key reused", code: "idempotency_key_reused" });
    expect(runs).toHaveLength(1);
  });
});

describe("the cost of a replay", () => {
  it("charges no rate limit: replays are answered even when the key's window is used up", async () => {
    process.env.RATE_LIMIT_KEY_PER_MIN = "1";
    // A fixed one-minute window: a burst that straddles the minute is tried again with a new key.
    for (let attempt = 0; ; attempt++) {
      const startedMinute = Math.floor(Date.now() / 60_000);
      const { auth, headers, route, runs } = await keyWithStoredAnswer();
      const replays = [];
      for (let i = 0; i < 3; i++) replays.push(await route(post(headers, { title: "One" }), noParams));
      const limited = await route(post({ ...auth, "Idempotency-Key": uniqueName("k") }, { title: "Two" }), noParams);
      if (Math.floor(Date.now() / 60_000) !== startedMinute && attempt < 2) continue;
      expect(replays.map((res) => [res.status, res.headers.get("Idempotent-Replayed")])).toEqual(Array(3).fill([201, "true"]));
      expect(replays.map((res) => res.headers.get("X-RateLimit-Remaining"))).toEqual([null, null, null]);
      expect(limited.status).toBe(429);
      expect(runs).toHaveLength(1);
      return;
    }
  });

  it("sends one statement to the database", async () => {
    const { headers, route } = await keyWithStoredAnswer();
    // The first request's lastUsedAt write is not awaited: let it land before counting.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { pool } = dbConnection();
    const queries = vi.spyOn(pool, "query");
    const connects = vi.spyOn(pool, "connect");
    const res = await route(post(headers, { title: "One" }), noParams);
    expect(res.headers.get("Idempotent-Replayed")).toBe("true");
    expect(queries).toHaveBeenCalledTimes(1);
    // pool.query checks a connection out itself; a transaction or a Prisma call would add one.
    expect(connects).toHaveBeenCalledTimes(1);
  });
});
