import type { NextRequest } from "next/server";
import { env } from "../env";

// next-auth names its cookie `__Secure-…` when the site is served over https. Which one a browser
// holds depends on how the site was reached, so both are tried.
const COOKIE_SECURITY = [false, true] as const;

export const SESSION_COOKIE_NAMES = ["next-auth.session-token", "__Secure-next-auth.session-token"] as const;

export type SessionClaims = {
  userId: string;
  /**
   * The account's sessionVersion when this session was issued (the JWT's `sv`). Sessions issued
   * before versions existed carry none and count as version 0, which every account had then.
   */
  sessionVersion: number;
  /** The cookie it came in, so a password change can re-issue it under the same name. */
  cookieName: (typeof SESSION_COOKIE_NAMES)[number];
};

/** The next-auth session cookie's claims, or null when there is no valid one. */
export async function sessionClaims(req: NextRequest): Promise<SessionClaims | null> {
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
    if (token?.sub) {
      return { userId: token.sub, sessionVersion: typeof token.sv === "number" ? token.sv : 0, cookieName: SESSION_COOKIE_NAMES[secureCookie ? 1 : 0] };
    }
  }
  return null;
}

/** The signed-in user's id from the next-auth session cookie, or null (proxy.ts: no database). */
export async function sessionUserId(req: NextRequest): Promise<string | null> {
  return (await sessionClaims(req))?.userId ?? null;
}
