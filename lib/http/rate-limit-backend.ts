// The one choice of rate-limit backend, for the API's limits (rate-limit.ts) and the sign-in
// throttle (lib/auth/sign-in-throttle.ts): Upstash's `Ratelimit.fixedWindow` when
// UPSTASH_REDIS_REST_URL/TOKEN are set (read on each call, so a test or a deploy that changes
// them is followed), else the in-process twin in rate-limit-memory.ts. Both count fixed windows
// aligned to the epoch, so a caller gets the same answers from either. The Upstash client is
// loaded on its first use: a deployment without Upstash never loads it (about 100 KB of server
// code on every API route's first request otherwise; bench/cold-start).
import { env } from "../env";
import type { RateLimitResult } from "./rate-limit-result";
import { createMemoryLimiter, type MemoryLimiter } from "./rate-limit-memory";

export type FixedWindowLimiter = {
  /** Counts one call for `identifier` in the `prefix` namespace. */
  limit(prefix: string, identifier: string, limit: number): Promise<RateLimitResult>;
  /** The answer `limit` would give, without counting a call. */
  peek(prefix: string, identifier: string, limit: number): Promise<RateLimitResult>;
  /** Forgets `identifier`'s count in the `prefix` namespace (`limit` names Upstash's limiter). */
  reset(prefix: string, identifier: string, limit: number): Promise<void>;
};

/**
 * A limiter over windows of `windowMs`. `memorySlot` names its in-process counters on globalThis,
 * so that every copy of the calling module (one per route bundle, or re-evaluated by dev hot
 * reload) counts into the same per-process windows.
 */
export function fixedWindowLimiter(options: { windowMs: number; memorySlot: string }): FixedWindowLimiter {
  const { windowMs } = options;
  const slot = Symbol.for(options.memorySlot);
  const memory: MemoryLimiter = ((globalThis as Record<symbol, MemoryLimiter | undefined>)[slot] ??= createMemoryLimiter({ windowMs }));

  return {
    async limit(prefix, identifier, limit) {
      const target = env.upstash;
      if (!target) return memory.limit(`${prefix}:${identifier}`, limit);
      const { upstashLimit } = await import("./rate-limit-upstash");
      return upstashLimit({ target, prefix, identifier, limit, windowMs });
    },
    async peek(prefix, identifier, limit) {
      const target = env.upstash;
      if (!target) return memory.peek(`${prefix}:${identifier}`, limit);
      const { upstashRemaining } = await import("./rate-limit-upstash");
      return upstashRemaining({ target, prefix, identifier, limit, windowMs });
    },
    async reset(prefix, identifier, limit) {
      const target = env.upstash;
      if (!target) return memory.reset(`${prefix}:${identifier}`);
      const { upstashReset } = await import("./rate-limit-upstash");
      await upstashReset({ target, prefix, identifier, limit, windowMs });
    },
  };
}
