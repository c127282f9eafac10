// ACCOUNTS.md: sign-ups are throttled per client IP, 5 an hour (SIGN_UP_LIMIT_PER_HOUR), on the
// backend the API's rate limits use (Upstash when configured, else in-process). Every sign-up
// whose input is valid counts, taken or not, so the limit also bounds probing for registered
// names and addresses; a request refused as invalid input does not.
import { env } from "../env";
import { ApiError } from "../http/api-error";
import { retryAfterSeconds } from "../http/rate-limit";
import { fixedWindowLimiter } from "../http/rate-limit-backend";

const limiter = fixedWindowLimiter({ windowMs: 60 * 60_000, memorySlot: "inkbase.signUpThrottle.memory" });

export async function countSignUp(ip: string): Promise<void> {
  const result = await limiter.limit("inkbase:signup:ip", ip, env.signUpLimitPerHour);
  if (result.success) return;
  const retryAfter = retryAfterSeconds(result);
  throw new ApiError(429, { error: "rate_limited", retryAfter, message: `Too many sign-ups from this network. Try again in ${Math.ceil(retryAfter / 60)} minutes.` });
}
