// Bounds on mails a person can make the server send (to themselves or to an address they name):
// a verification resend, a password reset per address and per client IP. An hour's window on the
// rate-limit backend (Upstash when configured, else in-process).
import { fixedWindowLimiter } from "../http/rate-limit-backend";
import type { RateLimitResult } from "../http/rate-limit";

const limiter = fixedWindowLimiter({ windowMs: 60 * 60_000, memorySlot: "inkbase.mailThrottle.memory" });

export const MAIL_LIMITS = {
  /** Verification mails one account may ask for again. */
  resend: 5,
  /** Reset mails sent to one address (beyond: still 202, no mail, so nothing is revealed). */
  resetPerAddress: 5,
  /** Reset requests from one client IP (beyond: 429, which says nothing about any account). */
  resetPerIp: 20,
} as const;

export function countMail(kind: keyof typeof MAIL_LIMITS, identifier: string): Promise<RateLimitResult> {
  return limiter.limit(`inkbase:mail:${kind}`, identifier, MAIL_LIMITS[kind]);
}
