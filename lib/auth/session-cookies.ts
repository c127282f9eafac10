// Session cookies written by our own routes rather than next-auth's (same name, attributes and
// encoding as next-auth 4.24 uses: core/lib/cookie.js defaultCookies, jwt/index.js encode):
// - a password change ends every other session by bumping the account's sessionVersion and keeps
//   this one by re-issuing its cookie with the new version (ACCOUNTS.md "Account settings");
// - "Sign out everywhere" and account deletion end this one too, by expiring the cookie.
import type { NextRequest } from "next/server";
import { env } from "../env";
import { usesSecureCookies } from "./secure-cookies";
import { SESSION_COOKIE_NAMES } from "./session-user-id";

/** next-auth's session lifetime (auth-options.ts `session.maxAge`). */
export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

function serialize(name: string, value: string, maxAge: number): string {
  const secure = name.startsWith("__Secure-");
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${maxAge > 0 ? `; Expires=${new Date(Date.now() + maxAge * 1000).toUTCString()}` : "; Expires=Thu, 01 Jan 1970 00:00:00 GMT"}${secure ? "; Secure" : ""}`;
}

/**
 * The request's session cookie again, carrying `sessionVersion`, or null when the request came
 * without a session cookie. The token keeps its claims (sub, name, email…); iat, exp and jti are
 * new, as next-auth's own renewal makes them.
 */
export async function reissuedSessionCookie(req: NextRequest, sessionVersion: number): Promise<string | null> {
  const secret = env.authSecret;
  if (!secret) return null;
  const { getToken, encode } = await import("next-auth/jwt");
  for (const [index, name] of SESSION_COOKIE_NAMES.entries()) {
    const token = await getToken({ req, secret, secureCookie: index === 1 });
    if (!token?.sub) continue;
    const value = await encode({ token: { ...token, sv: sessionVersion }, secret, maxAge: SESSION_MAX_AGE_S });
    return serialize(name, value, SESSION_MAX_AGE_S);
  }
  return null;
}

/**
 * A new session for an account signed in by one of our own routes (an account made through
 * single sign-on, ACCOUNTS.md): the token next-auth's jwt callback would have made (auth-options.ts).
 */
export async function newSessionCookie(req: Request, user: { id: string; username: string; email: string; displayName: string | null; sessionVersion: number }): Promise<string> {
  const secret = env.authSecret;
  if (!secret) throw new Error("AUTH_SECRET is not set");
  const { encode } = await import("next-auth/jwt");
  const token = { sub: user.id, name: user.displayName ?? user.username, email: user.email, sv: user.sessionVersion };
  const value = await encode({ token, secret, maxAge: SESSION_MAX_AGE_S });
  return serialize(SESSION_COOKIE_NAMES[usesSecureCookies(req.headers) ? 1 : 0], value, SESSION_MAX_AGE_S);
}

/** Set-Cookie values that end this browser's session, whichever cookie name it holds. */
export function clearedSessionCookies(req: NextRequest): string[] {
  const held = SESSION_COOKIE_NAMES.filter((name) => req.cookies.has(name));
  return held.map((name) => serialize(name, "", 0));
}

/** `response` with the given Set-Cookie values added. */
export function withCookies(response: Response, cookies: (string | null)[]): Response {
  for (const cookie of cookies) if (cookie) response.headers.append("Set-Cookie", cookie);
  return response;
}
