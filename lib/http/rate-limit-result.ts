// One rate-limit answer, the same from every backend (rate-limit-memory.ts, rate-limit-upstash.ts)
// and for every caller (rate-limit.ts, lib/auth/sign-in-throttle.ts).
export type RateLimitResult = {
  success: boolean;
  limit: number;
  remaining: number;
  /** Epoch milliseconds when the current window ends and the count starts again. */
  reset: number;
};
