// Distributed limiter on Upstash (`Ratelimit.fixedWindow`, the same algorithm as the in-process
// fallback). An Upstash outage must never turn into 500s or 429s for every request, so any
// failure (network error, HTTP error such as a wrong token, or no answer in time) fails OPEN:
// the request is allowed, a warning is logged, and Upstash is skipped for a short while so a
// hanging endpoint does not add its timeout to every request.
import { Ratelimit } from "@upstash/ratelimit";
import { Redis } from "@upstash/redis";
import type { RateLimitResult } from "./rate-limit-result";
import { withinDeadline } from "./within-deadline";
import { logger } from "../log/logger";

/** Upstash normally answers in tens of ms; a rate check should never hold a request longer. */
const TIMEOUT_MS = 1_000;
/** After a failure, requests skip Upstash (allowed) for this long before trying again. */
const SKIP_AFTER_FAILURE_MS = 5_000;
/** One warning per endpoint and token per interval, so an outage does not flood the log. */
const WARN_INTERVAL_MS = 60_000;

export type UpstashTarget = { url: string; token: string };

const clients = new Map<string, Redis>();
const limiters = new Map<string, Ratelimit>();
const outages = new Map<string, { skipUntil: number; warnedAt: number }>();

const targetKey = ({ url, token }: UpstashTarget) => `${url}\n${token}`;

function clientFor(target: UpstashTarget): Redis {
  let client = clients.get(targetKey(target));
  if (!client) {
    client = new Redis({
      url: target.url,
      token: target.token,
      // The default (5 retries, exponential backoff) waits seconds on a dead endpoint; one quick
      // retry covers a dropped keep-alive connection.
      retry: { retries: 1, backoff: () => 50 },
      enableTelemetry: false,
    });
    clients.set(targetKey(target), client);
  }
  return client;
}

// Cached per (endpoint, prefix, limit, window): a test or deploy that changes the URL or the
// limit gets a fresh limiter instead of one configured for the old values.
function limiterFor(target: UpstashTarget, prefix: string, limit: number, windowMs: number) {
  const cacheKey = [targetKey(target), prefix, limit, windowMs].join("\n");
  let limiter = limiters.get(cacheKey);
  if (!limiter) {
    limiter = new Ratelimit({
      redis: clientFor(target),
      limiter: Ratelimit.fixedWindow(limit, `${windowMs} ms`),
      prefix,
      // The library's timeout is a plain timer race, which a stall of this process trips although
      // Upstash answered in time (within-deadline.ts): failingOpen applies its own deadline.
      timeout: 0,
      // The library's ephemeral cache remembers every blocked identifier until it is asked about
      // it again, so it grows without bound under IP rotation; every decision goes to Redis.
      ephemeralCache: false,
      analytics: false,
      enableTelemetry: false,
    });
    limiters.set(cacheKey, limiter);
  }
  return limiter;
}

function failOpen(limit: number, windowMs: number, now: number): RateLimitResult {
  return { success: true, limit, remaining: limit, reset: (Math.floor(now / windowMs) + 1) * windowMs };
}

function recordOutage(target: UpstashTarget, error: unknown, now: number) {
  const outage = outages.get(targetKey(target)) ?? { skipUntil: 0, warnedAt: -Infinity };
  outage.skipUntil = now + SKIP_AFTER_FAILURE_MS;
  if (now - outage.warnedAt >= WARN_INTERVAL_MS) {
    outage.warnedAt = now;
    // Upstash errors append the whole command (a Lua script and the identifier): keep the cause.
    const message = error instanceof Error ? error.message : String(error);
    const reason = message.split(", command was:")[0]!.slice(0, 200);
    logger().warn(
      { upstashUrl: target.url, reason },
      `Upstash failed; allowing requests without rate limiting and retrying in ${SKIP_AFTER_FAILURE_MS / 1000}s`,
    );
  }
  outages.set(targetKey(target), outage);
}

type LimitOptions = {
  target: UpstashTarget;
  prefix: string;
  identifier: string;
  limit: number;
  windowMs: number;
};

/**
 * Runs one call to Upstash, failing open: while an outage is being sat out, or when the call
 * fails or has no answer within TIMEOUT_MS (reads too: the library's getRemaining has no timeout
 * of its own), the request is allowed and the outage recorded.
 */
async function failingOpen(options: LimitOptions, call: (limiter: Ratelimit) => Promise<RateLimitResult>): Promise<RateLimitResult> {
  const { target, prefix, limit, windowMs } = options;
  const started = Date.now();
  const skipUntil = outages.get(targetKey(target))?.skipUntil ?? 0;
  if (started < skipUntil) return failOpen(limit, windowMs, started);
  try {
    return await withinDeadline(call(limiterFor(target, prefix, limit, windowMs)), TIMEOUT_MS, () => new Error(`no answer within ${TIMEOUT_MS} ms`));
  } catch (error) {
    recordOutage(target, error, Date.now());
    return failOpen(limit, windowMs, started);
  }
}

export function upstashLimit(options: LimitOptions): Promise<RateLimitResult> {
  return failingOpen(options, async (limiter) => {
    const result = await limiter.limit(options.identifier);
    return { success: result.success, limit: result.limit, remaining: result.remaining, reset: result.reset };
  });
}

/** Requests left in the current window without counting one (fails open like `upstashLimit`). */
export function upstashRemaining(options: LimitOptions): Promise<RateLimitResult> {
  return failingOpen(options, async (limiter) => {
    const { remaining, reset } = await limiter.getRemaining(options.identifier);
    return { success: remaining > 0, limit: options.limit, remaining, reset };
  });
}

/** Forgets the identifier's count in the current window (fails open: an outage just keeps it). */
export async function upstashReset(options: LimitOptions): Promise<void> {
  await failingOpen(options, async (limiter) => {
    await limiter.resetUsedTokens(options.identifier);
    return failOpen(options.limit, options.windowMs, Date.now());
  });
}
