// A secret checked like a sign-in password (ACCOUNTS.md: the setup code, and the current password
// of a change or a deletion, are "throttled like sign-in"): on the sign-in throttle's own counters
// (lib/auth/sign-in-throttle.ts), so failures here and failed sign-ins add up. A blocked subject
// gets the sign-in's 429 before anything is checked; a failed check is counted, then refused.
import { recordSignInFailure, signInBlockedUntil, type ThrottleSubjects } from "../auth/sign-in-throttle";
import { ApiError } from "../http/api-error";
import { retryAfterSeconds } from "../http/rate-limit";

export async function throttledCheck(subjects: ThrottleSubjects, check: () => Promise<boolean>, refusal: () => ApiError): Promise<void> {
  const blockedUntil = await signInBlockedUntil(subjects);
  if (blockedUntil !== null) {
    const retryAfter = retryAfterSeconds({ success: false, limit: 0, remaining: 0, reset: blockedUntil });
    throw new ApiError(429, { error: "rate_limited", retryAfter, message: `Too many failed attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.` });
  }
  if (await check()) return;
  await recordSignInFailure(subjects);
  throw refusal();
}
