import { createHash, timingSafeEqual } from "node:crypto";
import { env } from "../env";
import { unauthorized } from "../http/api-error";
import { bearerToken } from "../http/bearer-token";

/**
 * GET /api/cron/tick is authorized by `Authorization: Bearer $CRON_SECRET` (what Vercel Cron
 * sends). Without CRON_SECRET the route refuses everyone (DECISIONS §1).
 */
export function authorizeCron(authorization: string | null): void {
  const secret = env.cronSecret;
  const token = bearerToken(authorization);
  if (!secret || !token || !sameSecret(token, secret)) throw unauthorized();
}

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so the comparison leaks neither content nor length.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
