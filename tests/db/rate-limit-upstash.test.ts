// checkRateLimit through @upstash/ratelimit, talking to the local Redis via the Upstash REST shim.
// Skipped (with a message) when Redis is not reachable, e.g. on a fresh machine.
import { randomUUID } from "node:crypto";
import { createServer, type AddressInfo, type Socket } from "node:net";
import { Redis as UpstashRedis } from "@upstash/redis";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { accountKey, recordSignInFailure, signInBlockedUntil, SIGN_IN_WINDOW_MS } from "../../lib/auth/sign-in-throttle";
import { checkRateLimit, rateLimitHeaders } from "../../lib/http/rate-limit";
import { startUpstashShim } from "../support/upstash-shim";
import { freePort } from "../support/start-next-server";
import { logger } from "../../lib/log/logger";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const MINUTE = 60_000;

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on("error", () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const redisUp = await redisReachable();
if (!redisUp) console.warn(`[rate-limit-upstash.test] Redis not reachable at ${REDIS_URL}: skipped`);

const unique = (label: string) => `${label}-${randomUUID()}`;

// Windows are aligned to the minute in real time; a test that straddled a boundary would see
// its count restart halfway, so start with at least 5 s of window left.
async function awayFromWindowEdge() {
  const intoWindow = Date.now() % MINUTE;
  if (intoWindow > MINUTE - 5_000) await new Promise((r) => setTimeout(r, MINUTE - intoWindow + 50));
}

describe.skipIf(!redisUp)("rate limiting on Upstash (shim over local Redis)", () => {
  let shim: Awaited<ReturnType<typeof startUpstashShim>>;
  let redis: Redis;

  beforeAll(async () => {
    shim = await startUpstashShim({ redisUrl: REDIS_URL });
    redis = new Redis(REDIS_URL);
  });

  afterAll(async () => {
    await shim?.close();
    await redis?.quit();
  });

  beforeEach(async () => {
    vi.stubEnv("UPSTASH_REDIS_REST_URL", shim.url);
    vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", shim.token);
    vi.stubEnv("RATE_LIMIT_KEY_PER_MIN", "3");
    vi.stubEnv("RATE_LIMIT_PUBLIC_PER_MIN", "2");
    await awayFromWindowEdge();
  });

  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("counts down in Redis and refuses the (limit+1)th call with 429 headers", async () => {
    const id = unique("key");
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await checkRateLimit("key", id));

    expect(results.map((r) => [r.success, r.limit, r.remaining])).toEqual([
      [true, 3, 2],
      [true, 3, 1],
      [true, 3, 0],
      [false, 3, 0],
    ]);
    const refused = results[3]!;
    expect(refused.reset).toBeGreaterThan(Date.now());
    expect(refused.reset % MINUTE).toBe(0);

    const headers = rateLimitHeaders(refused);
    expect(headers["X-RateLimit-Limit"]).toBe("3");
    expect(headers["X-RateLimit-Remaining"]).toBe("0");
    expect(headers["X-RateLimit-Reset"]).toBe(String(refused.reset / 1000));
    expect(Number(headers["Retry-After"])).toBeGreaterThanOrEqual(1);
    expect(Number(headers["Retry-After"])).toBeLessThanOrEqual(60);
    expect(rateLimitHeaders(results[0]!)["Retry-After"]).toBeUndefined();

    // The counter really lives in Redis, under the key policy's prefix, with the window's TTL.
    const key = `inkbase:rl:key:${id}:${refused.reset / MINUTE - 1}`;
    expect(await redis.get(key)).toBe("4");
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(MINUTE);
  });

  it("keeps the key and public policies in separate counters", async () => {
    const id = unique("same-string");
    for (let i = 0; i < 3; i++) await checkRateLimit("public", id);
    expect((await checkRateLimit("public", id)).success).toBe(false);
    expect(await checkRateLimit("key", id)).toMatchObject({ success: true, limit: 3, remaining: 2 });

    expect(await redis.keys(`inkbase:rl:public:${id}:*`)).toHaveLength(1);
    expect(await redis.keys(`inkbase:rl:key:${id}:*`)).toHaveLength(1);
  });

  it("the sign-in throttle counts failures on the same backend, under its own prefixes", async () => {
    vi.stubEnv("SIGN_IN_FAILURE_LIMIT", "2");
    const subjects = { email: `${unique("author")}@example.com`, ip: unique("ip") };
    expect(await signInBlockedUntil(subjects)).toBeNull();
    await recordSignInFailure(subjects);
    expect(await signInBlockedUntil(subjects)).toBeNull();
    await recordSignInFailure(subjects);

    const until = await signInBlockedUntil(subjects);
    expect(until).toBeGreaterThan(Date.now());
    expect(until! % SIGN_IN_WINDOW_MS).toBe(0);
    // Peeking counts nothing: two failures, however often the throttle was asked.
    const bucket = until! / SIGN_IN_WINDOW_MS - 1;
    expect(await redis.get(`inkbase:signin:ip:${subjects.ip}:${bucket}`)).toBe("2");
    expect(await redis.get(`inkbase:signin:account:${accountKey(subjects.email)}:${bucket}`)).toBe("2");
  });

  it("fails open with a warning when Upstash is unreachable", async () => {
    const warn = vi.spyOn(logger(), "warn").mockImplementation(() => {});
    vi.stubEnv("UPSTASH_REDIS_REST_URL", `http://127.0.0.1:${await freePort()}`);
    const id = unique("key");

    const started = Date.now();
    for (let i = 0; i < 5; i++) {
      expect(await checkRateLimit("key", id)).toMatchObject({ success: true, limit: 3, remaining: 3 });
    }
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ upstashUrl: expect.any(String) }), expect.stringMatching(/^Upstash failed; allowing requests without rate limiting/));
  });

  // The flake this answers: under load the HTTP test let the 301st call through. The library's
  // 1 s timeout was a plain timer race, and Node runs due timers before it reads sockets, so a
  // busy spell of the server's own made it "time out" on an answer that had already arrived; the
  // limiter then failed open and skipped Upstash for 5 s, letting everything through.
  it("a stall of this process while Upstash's answer is in flight is not an outage: nothing over the limit gets through", async () => {
    const warn = vi.spyOn(logger(), "warn").mockImplementation(() => {});
    const id = unique("key");
    for (let i = 0; i < 3; i++) expect((await checkRateLimit("key", id)).success).toBe(true);

    const fourth = checkRateLimit("key", id);
    // Busy for longer than the 1 s deadline (as a loaded server is) while the answer is on its way.
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        const until = Date.now() + 1_200;
        while (Date.now() < until);
        resolve();
      }),
    );
    expect(await fourth).toMatchObject({ success: false, remaining: 0 });
    expect(await checkRateLimit("key", id)).toMatchObject({ success: false, remaining: 0 });
    expect(warn).not.toHaveBeenCalled();
  });

  it("fails open within about a second when Upstash accepts but never answers, for counting and for reading", async () => {
    const warn = vi.spyOn(logger(), "warn").mockImplementation(() => {});
    const held = new Set<Socket>();
    const silent = createServer((socket) => held.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      vi.stubEnv("UPSTASH_REDIS_REST_URL", `http://127.0.0.1:${(silent.address() as AddressInfo).port}`);
      let started = Date.now();
      expect(await checkRateLimit("key", unique("key"))).toMatchObject({ success: true, limit: 3, remaining: 3 });
      expect(Date.now() - started).toBeLessThan(2_500);

      // The sign-in throttle's read (no count) has the same deadline; a new token is a new endpoint.
      vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", "another-token");
      started = Date.now();
      expect(await signInBlockedUntil({ email: `${unique("a")}@example.com`, ip: unique("ip") })).toBeNull();
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      for (const socket of held) socket.destroy();
      silent.close();
    }
  });

  it("fails open when Upstash refuses the token", async () => {
    const warn = vi.spyOn(logger(), "warn").mockImplementation(() => {});
    vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", "not-the-token");
    expect(await checkRateLimit("public", unique("ip"))).toMatchObject({ success: true, limit: 2 });
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe.skipIf(!redisUp)("Upstash REST shim", () => {
  let shim: Awaited<ReturnType<typeof startUpstashShim>>;
  let client: UpstashRedis;

  beforeAll(async () => {
    shim = await startUpstashShim({ redisUrl: REDIS_URL });
    client = new UpstashRedis({ url: shim.url, token: shim.token, enableTelemetry: false });
  });

  afterAll(async () => {
    await shim?.close();
  });

  it("answers 401 without the bearer token", async () => {
    const call = (headers: Record<string, string>) =>
      fetch(shim.url, { method: "POST", headers, body: JSON.stringify(["PING"]) });

    const anonymous = await call({});
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toHaveProperty("error");
    expect((await call({ authorization: "Bearer wrong" })).status).toBe(401);

    const allowed = await call({ authorization: `Bearer ${shim.token}` });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toEqual({ result: "PONG" });
  });

  it("round-trips strings through base64 and runs pipelines and transactions", async () => {
    const key = unique("shim");
    await client.set(key, "héllo wörld");
    expect(await client.get(key)).toBe("héllo wörld");

    const pipeline = client.pipeline();
    pipeline.incr(`${key}:n`);
    pipeline.incr(`${key}:n`);
    expect(await pipeline.exec()).toEqual([1, 2]);

    const multi = client.multi();
    multi.incr(`${key}:n`);
    multi.get(key);
    expect(await multi.exec()).toEqual([3, "héllo wörld"]);
    await client.del(key, `${key}:n`);
  });

  it("runs scripts with Upstash's flags line by the original script's hash", async () => {
    const script = `#!lua flags=allow-key-locking\nreturn ARGV[1] .. "-${randomUUID()}"`;
    const hash = await client.scriptLoad(script);
    expect(hash).toMatch(/^[0-9a-f]{40}$/);
    expect(String(await client.evalsha(hash, [], ["ok"]))).toMatch(/^ok-/);
  });
});
