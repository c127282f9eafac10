import type { NextRequest } from "next/server";
import { env } from "../env";

// next-auth names its cookie `__Secure-…` when the site is served over https. Which one a browser
// holds depends on how the site was reached, so both are tried.
const COOKIE_SECURITY = [false, true] as const;

/** The signed-in user's id from the next-auth session cookie, or null. */
export async function sessionUserId(req: NextRequest): Promise<string | null> {
  const secret = env.authSecret;
  if (!secret) return null;
  // Sessions live only in cookies. Without one there is nothing to decode; and getToken would
  // otherwise also try a Bearer header as a JWT (an API key is never one). Public reads, which
  // accept an optional session, mostly come without cookies: this keeps two token lookups off them.
  if (!req.headers.has("cookie")) return null;
  // Loaded on the first request that has a cookie: next-auth's JWT code (jose) is about 100 KB
  // that an API-key or anonymous request never needs (bench/cold-start).
  const { getToken } = await import("next-auth/jwt");
  for (const secureCookie of COOKIE_SECURITY) {
    const token = await getToken({ req, secret, secureCookie });
    if (token?.sub) return token.sub;
  }
  return null;
}
