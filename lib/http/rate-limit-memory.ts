// In-process fixed-window limiter: the fallback when Upstash is not configured. It mirrors
// `Ratelimit.fixedWindow` from @upstash/ratelimit exactly, so both backends answer alike:
// windows are aligned to the epoch (bucket = floor(now / window)), every call counts, including
// refused ones, a call succeeds while the count is <= limit, and `reset` is the end of the bucket.
import type { RateLimitResult } from "./rate-limit-result";

type Window = { bucket: number; count: number };

export type MemoryLimiter = {
  limit(key: string, limit: number): RateLimitResult;
  /** The same answer as `limit` would give, without counting a request. */
  peek(key: string, limit: number): RateLimitResult;
  /** Forgets the key's count (a password reset clears that account's sign-in failures). */
  reset(key: string): void;
  /** Counters currently held, for tests that check eviction. */
  size(): number;
};

export function createMemoryLimiter(options: {
  windowMs: number;
  /** Injectable clock; defaults to Date.now so vitest fake timers also work. */
  now?: () => number;
}): MemoryLimiter {
  const { windowMs } = options;
  const now = options.now ?? (() => Date.now());
  const windows = new Map<string, Window>();
  // Sweeping lazily, at most once per window, keeps memory bounded by the identifiers seen in
  // the current window without a background timer that would keep the process alive.
  let nextSweepAt = 0;

  function sweep(bucket: number, at: number) {
    if (at < nextSweepAt) return;
    for (const [key, window] of windows) {
      if (window.bucket < bucket) windows.delete(key);
    }
    nextSweepAt = (bucket + 1) * windowMs;
  }

  return {
    limit(key, limit) {
      const at = now();
      const bucket = Math.floor(at / windowMs);
      sweep(bucket, at);

      let window = windows.get(key);
      if (!window || window.bucket !== bucket) {
        window = { bucket, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;

      return {
        success: window.count <= limit,
        limit,
        remaining: Math.max(0, limit - window.count),
        reset: (bucket + 1) * windowMs,
      };
    },
    peek(key, limit) {
      const at = now();
      const bucket = Math.floor(at / windowMs);
      const window = windows.get(key);
      const count = window && window.bucket === bucket ? window.count : 0;
      return { success: count < limit, limit, remaining: Math.max(0, limit - count), reset: (bucket + 1) * windowMs };
    },
    reset(key) {
      windows.delete(key);
    },
    size: () => windows.size,
  };
}
