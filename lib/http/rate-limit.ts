// Rate limiting for the route wrapper (SPEC "Limits", DECISIONS §1 and §3).
//
// Algorithm: fixed window of one minute, aligned to the epoch, on both backends (Upstash's
// `Ratelimit.fixedWindow` when UPSTASH_REDIS_REST_URL/TOKEN are set, else the in-process twin
// in rate-limit-memory.ts; rate-limit-backend.ts chooses). Fixed rather than sliding window because then `remaining` and
// `reset` are exact: a client told to come back at `reset` is let in then, which a sliding
// window (where the previous minute still weighs on the next) cannot promise.
//
// Upstash failures fail OPEN (see rate-limit-upstash.ts): an outage of the limiter must not
// become an outage of the API.
import { env } from "../env";
import { fixedWindowLimiter } from "./rate-limit-backend";
import type { RateLimitResult } from "./rate-limit-result";

export type RateLimitPolicy = "key" | "public";

// Its own file so the backends (rate-limit-memory.ts, rate-limit-upstash.ts) need not import
// this module, which reaches them through rate-limit-backend.ts.
export type { RateLimitResult } from "./rate-limit-result";

const WINDOW_MS = 60_000;

// Each policy has its own namespace, so an API key id and an IP address can never share a
// counter even if the strings were equal.
const PREFIX: Record<RateLimitPolicy, string> = {
  key: "inkbase:rl:key",
  public: "inkbase:rl:public",
};

const limiter = fixedWindowLimiter({ windowMs: WINDOW_MS, memorySlot: "inkbase.rateLimit.memory" });

function limitFor(policy: RateLimitPolicy): number {
  return policy === "key" ? env.rateLimitKeyPerMin : env.rateLimitPublicPerMin;
}

/** Counts one request for `identifier` (an API key id or a client IP) under `policy`. */
export async function checkRateLimit(
  policy: RateLimitPolicy,
  identifier: string,
): Promise<RateLimitResult> {
  return limiter.limit(PREFIX[policy], identifier, limitFor(policy));
}

/** Whole seconds until the window resets, at least 1 so a client never retries at once. */
export function retryAfterSeconds(result: RateLimitResult, now: number = Date.now()): number {
  return Math.max(1, Math.ceil((result.reset - now) / 1000));
}

/**
 * Headers for every rate-limited response, 429 or not. `X-RateLimit-Reset` is the reset time as
 * unix epoch SECONDS (GitHub's convention), not a delta: it stays correct however late the
 * client reads it, and the delta is what `Retry-After` carries on a 429.
 */
export function rateLimitHeaders(
  result: RateLimitResult,
  now: number = Date.now(),
): Record<string, string> {
  const headers: Record<string, string> = {
    "X-RateLimit-Limit": String(result.limit),
    "X-RateLimit-Remaining": String(result.remaining),
    "X-RateLimit-Reset": String(Math.ceil(result.reset / 1000)),
  };
  if (!result.success) headers["Retry-After"] = String(retryAfterSeconds(result, now));
  return headers;
}
