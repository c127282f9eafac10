// Per-key rate limits over HTTP, for both limiter backends: the in-process one and Upstash
// (through the test shim in front of the local Redis; skipped when no Redis is reachable).
import { describe, expect, inject, it } from "vitest";
import { createTestKey, createTestUser, sessionCookieFor, connectTestDatabase } from "../support/fixtures";

connectTestDatabase();

const backends = [
  ["in-process", inject("baseUrl")],
  ["upstash", inject("upstashBaseUrl")],
] as const;

// Both limiters count in fixed windows aligned to the clock minute: a burst that straddles a
// minute boundary starts counting again. Start bursts with enough of the minute left.
async function awaitRoomInWindow(neededMs = 25_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 250));
}

for (const [backend, baseUrl] of backends) {
  describe.skipIf(!baseUrl)(`API key rate limit (${backend} limiter)`, () => {
    it("counts down in X-RateLimit-* headers and answers 429 past 300 a minute", { timeout: 90_000 }, async () => {
      const user = await createTestUser();
      const key = await createTestKey(user.id, ["posts:read"]);
      const call = () => fetch(`${baseUrl}/api/me`, { headers: { Authorization: `Bearer ${key}` } });

      await awaitRoomInWindow();
      const first = await call();
      expect(first.status).toBe(200);
      expect(first.headers.get("x-ratelimit-limit")).toBe("300");
      expect(first.headers.get("x-ratelimit-remaining")).toBe("299");
      const reset = Number(first.headers.get("x-ratelimit-reset"));
      const nowSeconds = Date.now() / 1000;
      expect(reset).toBeGreaterThan(nowSeconds);
      expect(reset).toBeLessThanOrEqual(nowSeconds + 61);

      // 299 more in batches of 20 to use up the minute.
      for (let sent = 1; sent < 300; sent += 20) {
        const batch = await Promise.all(Array.from({ length: Math.min(20, 300 - sent) }, call));
        expect(batch.every((res) => res.status === 200)).toBe(true);
      }

      const limited = await call();
      expect(limited.status).toBe(429);
      const body = await limited.json();
      expect(body.error).toBe("rate_limited");
      expect(Number.isInteger(body.retryAfter)).toBe(true);
      expect(body.retryAfter).toBeGreaterThanOrEqual(1);
      expect(limited.headers.get("retry-after")).toBe(String(body.retryAfter));
      expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(limited.headers.get("x-request-id")).toBeTruthy();

      // Another key of the same user has its own budget.
      const other = await createTestKey(user.id, ["posts:read"]);
      const fresh = await fetch(`${baseUrl}/api/me`, { headers: { Authorization: `Bearer ${other}` } });
      expect(fresh.status).toBe(200);
      expect(fresh.headers.get("x-ratelimit-remaining")).toBe("299");
    });

    it("does not limit web-app sessions", async () => {
      const user = await createTestUser();
      const res = await fetch(`${baseUrl}/api/me`, { headers: { Cookie: await sessionCookieFor(user.id) } });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-ratelimit-limit")).toBeNull();
    });
  });
}
