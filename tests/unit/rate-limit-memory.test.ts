// The in-process limiter (used when Upstash is not configured), through checkRateLimit and
// directly for eviction. Fake timers move the clock instead of waiting for a minute to pass.
import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  checkRateLimit,
  rateLimitHeaders,
  retryAfterSeconds,
} from "../../lib/http/rate-limit";
import { createMemoryLimiter } from "../../lib/http/rate-limit-memory";

const MINUTE = 60_000;
// 20 s into a minute, so a test has 40 s of window left before it would reset.
const START = Date.UTC(2030, 0, 1, 12, 0, 20);

const unique = (label: string) => `${label}-${randomUUID()}`;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
  vi.stubEnv("UPSTASH_REDIS_REST_URL", "");
  vi.stubEnv("UPSTASH_REDIS_REST_TOKEN", "");
  vi.stubEnv("RATE_LIMIT_KEY_PER_MIN", "5");
  vi.stubEnv("RATE_LIMIT_PUBLIC_PER_MIN", "3");
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("checkRateLimit without Upstash", () => {
  it("counts remaining down and refuses the (limit+1)th call until the window ends", async () => {
    const id = unique("key");
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) {
      const result = await checkRateLimit("key", id);
      expect(result.success).toBe(true);
      expect(result.limit).toBe(5);
      remaining.push(result.remaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);

    const refused = await checkRateLimit("key", id);
    expect(refused).toMatchObject({ success: false, limit: 5, remaining: 0 });
    expect(refused.reset).toBeGreaterThan(Date.now());
    expect(refused.reset).toBe(START - 20_000 + MINUTE); // end of the aligned minute
  });

  it("lets calls through again once the window has passed", async () => {
    const id = unique("key");
    for (let i = 0; i < 6; i++) await checkRateLimit("key", id);
    const refused = await checkRateLimit("key", id);
    expect(refused.success).toBe(false);

    vi.setSystemTime(refused.reset - 1);
    expect((await checkRateLimit("key", id)).success).toBe(false);

    vi.setSystemTime(refused.reset);
    const next = await checkRateLimit("key", id);
    expect(next).toMatchObject({ success: true, remaining: 4, reset: refused.reset + MINUTE });
  });

  it("keeps policies and identifiers apart", async () => {
    const id = unique("shared");
    for (let i = 0; i < 3; i++) await checkRateLimit("public", id);
    expect((await checkRateLimit("public", id)).success).toBe(false);

    // Same string under the other policy, and another identifier under the same policy.
    expect(await checkRateLimit("key", id)).toMatchObject({ success: true, limit: 5, remaining: 4 });
    expect(await checkRateLimit("public", unique("other"))).toMatchObject({
      success: true,
      limit: 3,
      remaining: 2,
    });
  });

  it("reads the limit from the environment on every call", async () => {
    vi.stubEnv("RATE_LIMIT_PUBLIC_PER_MIN", "60");
    expect(await checkRateLimit("public", unique("ip"))).toMatchObject({ limit: 60, remaining: 59 });
  });
});

describe("rateLimitHeaders", () => {
  it("carries limit, remaining and the reset in unix seconds, and no Retry-After while allowed", async () => {
    const result = await checkRateLimit("key", unique("key"));
    const headers = rateLimitHeaders(result);
    expect(headers).toEqual({
      "X-RateLimit-Limit": "5",
      "X-RateLimit-Remaining": "4",
      "X-RateLimit-Reset": String((START - 20_000 + MINUTE) / 1000),
    });
  });

  it("adds Retry-After in whole seconds (at least 1) when limited", async () => {
    const id = unique("ip");
    let result = await checkRateLimit("public", id);
    while (result.success) result = await checkRateLimit("public", id);

    expect(rateLimitHeaders(result)["Retry-After"]).toBe("40");
    expect(retryAfterSeconds(result)).toBe(40);

    vi.setSystemTime(result.reset - 300); // less than a second left still says 1, never 0
    expect(retryAfterSeconds(result)).toBe(1);
    expect(rateLimitHeaders(result)["Retry-After"]).toBe("1");
    vi.setSystemTime(result.reset + 5_000); // a stale result never says 0 or less
    expect(retryAfterSeconds(result)).toBe(1);
  });
});

describe("createMemoryLimiter", () => {
  it("evicts windows that have ended instead of keeping every identifier forever", () => {
    let now = 5 * MINUTE + 1_000;
    const limiter = createMemoryLimiter({ windowMs: MINUTE, now: () => now });
    for (let i = 0; i < 100; i++) limiter.limit(`ip-${i}`, 10);
    expect(limiter.size()).toBe(100);

    now += MINUTE;
    limiter.limit("ip-new", 10);
    expect(limiter.size()).toBe(1);
  });

  it("counts refused calls too, like Upstash's fixed window", () => {
    const now = 7 * MINUTE;
    const limiter = createMemoryLimiter({ windowMs: MINUTE, now: () => now });
    const results = Array.from({ length: 4 }, () => limiter.limit("id", 2));
    expect(results.map((r) => [r.success, r.remaining])).toEqual([
      [true, 1],
      [true, 0],
      [false, 0],
      [false, 0],
    ]);
    expect(results.every((r) => r.reset === 8 * MINUTE)).toBe(true);
  });
});
