// Sign-in throttling (issue 14): at most SIGN_IN_FAILURE_LIMIT (default 10) failed password
// sign-ins per account and per client IP in a SIGN_IN_WINDOW_MS fixed window, on the backend the
// API's rate limits use (lib/http/rate-limit-backend.ts: Upstash when configured, else the
// in-process limiter). Only failures count, so an author who signs in and out all day is never
// throttled; a successful sign-in does not reset the count (an attacker who knows one password
// must not clear the IP's record).
// The account is keyed by a hash of the normalized e-mail whether or not the account exists, so
// the throttle itself does not reveal which e-mails are registered.
import { createHash } from "node:crypto";
import { env } from "../env";
import type { RateLimitResult } from "../http/rate-limit";
import { fixedWindowLimiter } from "../http/rate-limit-backend";

export const SIGN_IN_WINDOW_MS = 15 * 60_000;

const PREFIX = { account: "inkbase:signin:account", ip: "inkbase:signin:ip" } as const;
type Subject = keyof typeof PREFIX;

const limiter = fixedWindowLimiter({ windowMs: SIGN_IN_WINDOW_MS, memorySlot: "inkbase.signInThrottle.memory" });

export function accountKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
}

function check(subject: Subject, identifier: string, count: boolean): Promise<RateLimitResult> {
  const limit = env.signInFailureLimit;
  return count ? limiter.limit(PREFIX[subject], identifier, limit) : limiter.peek(PREFIX[subject], identifier, limit);
}

/**
 * The subjects of one password (or setup code) check. `email: null` counts against the client IP
 * only: the setup code belongs to no account, and a shared counter for it would let anyone lock
 * the owner out of their own fresh deployment.
 */
export type ThrottleSubjects = { email: string | null; ip: string };

/** Null when a sign-in may be tried; else when (epoch ms) the blocking window ends. */
export async function signInBlockedUntil(subjects: ThrottleSubjects): Promise<number | null> {
  const results = await Promise.all([
    ...(subjects.email === null ? [] : [check("account", accountKey(subjects.email), false)]),
    check("ip", subjects.ip, false),
  ]);
  const blocked = results.filter((result) => !result.success);
  return blocked.length ? Math.max(...blocked.map((result) => result.reset)) : null;
}

export async function recordSignInFailure(subjects: ThrottleSubjects): Promise<void> {
  await Promise.all([
    ...(subjects.email === null ? [] : [check("account", accountKey(subjects.email), true)]),
    check("ip", subjects.ip, true),
  ]);
}

/** ACCOUNTS.md: a password reset clears the account's sign-in throttle (not the IP's). */
export async function clearSignInFailures(email: string): Promise<void> {
  await limiter.reset(PREFIX.account, accountKey(email), env.signInFailureLimit);
}
