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

type Burst = { first: Response; firstAt: number; rest: Response[]; limited: Response };

/** 301 calls with one key: the first alone, 299 more in concurrent batches of 20, then the 301st. */
async function burst(call: () => Promise<Response>): Promise<Burst> {
  const first = await call();
  const firstAt = Date.now();
  const rest: Response[] = [];
  for (let sent = 1; sent < 300; sent += 20) rest.push(...(await Promise.all(Array.from({ length: Math.min(20, 300 - sent) }, call))));
  return { first, firstAt, rest, limited: await call() };
}

// Every response names its window (X-RateLimit-Reset), so whether a burst stayed in one window is
// read off the responses rather than guessed from how long a burst usually takes.
const inOneWindow = ({ first, rest, limited }: Burst) =>
  [...rest, limited].every((res) => res.headers.get("x-ratelimit-reset") === first.headers.get("x-ratelimit-reset"));

for (const [backend, baseUrl] of backends) {
  describe.skipIf(!baseUrl)(`API key rate limit (${backend} limiter)`, () => {
    it("counts down in X-RateLimit-* headers and answers 429 past 300 a minute", { timeout: 240_000 }, async () => {
      const user = await createTestUser();
      const keyedCall = (key: string) => () => fetch(`${baseUrl}/api/me`, { headers: { Authorization: `Bearer ${key}` } });

      await awaitRoomInWindow();
      let run = await burst(keyedCall(await createTestKey(user.id, ["posts:read"])));
      if (!inOneWindow(run)) {
        // The minute rolled over mid-burst (a loaded machine): the count restarted, so the 301st
        // call proves nothing. Again with a fresh key from the start of the next minute.
        await awaitRoomInWindow(60_000);
        run = await burst(keyedCall(await createTestKey(user.id, ["posts:read"])));
        expect(inOneWindow(run), "301 calls took more than a minute twice").toBe(true);
      }
      const { first, firstAt, rest, limited } = run;

      expect(first.status).toBe(200);
      expect(first.headers.get("x-ratelimit-limit")).toBe("300");
      expect(first.headers.get("x-ratelimit-remaining")).toBe("299");
      const reset = Number(first.headers.get("x-ratelimit-reset"));
      expect(reset).toBeGreaterThan(firstAt / 1000);
      expect(reset).toBeLessThanOrEqual(firstAt / 1000 + 61);

      // The other 299 all pass, each counted once: remaining 298 down to 0, none repeated. A
      // limiter that failed open (Upstash slow or unreachable) answers `remaining: 300` instead.
      expect(rest.map((res) => res.status).filter((status) => status !== 200)).toEqual([]);
      const remaining = rest.map((res) => Number(res.headers.get("x-ratelimit-remaining"))).sort((a, b) => a - b);
      expect(remaining).toEqual(Array.from({ length: 299 }, (_, i) => i));

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
