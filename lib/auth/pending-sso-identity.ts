// Between the provider's answer and "Choose a username" (ACCOUNTS.md "Single sign-on"), the
// identity waits in a cookie of its own: encrypted with AUTH_SECRET as next-auth's session is,
// under another key (a salt of its own, so it can never pass for a session cookie), HttpOnly,
// SameSite=Lax, for 15 minutes. It stays out of URLs, where history and logs would keep it.
import { env } from "../env";
import { ssoIdentitySchema, type VerifiedSsoIdentity } from "../accounts/sso-identity";

export const PENDING_SSO_COOKIE = "inkbase.sso-pending";
export const PENDING_SSO_MAX_AGE_S = 15 * 60;
const SALT = "inkbase.sso-pending";

function secret(): string {
  const value = env.authSecret;
  if (!value) throw new Error("AUTH_SECRET is not set");
  return value;
}

export async function sealPendingSsoIdentity(identity: VerifiedSsoIdentity): Promise<string> {
  const { encode } = await import("next-auth/jwt");
  return encode({ token: { identity }, secret: secret(), salt: SALT, maxAge: PENDING_SSO_MAX_AGE_S });
}

/** The identity in the cookie's value, or null when it is missing, forged, or expired. */
export async function openPendingSsoIdentity(value: string | undefined): Promise<VerifiedSsoIdentity | null> {
  if (!value) return null;
  const { decode } = await import("next-auth/jwt");
  const payload = await decode({ token: value, secret: secret(), salt: SALT }).catch(() => null);
  const parsed = ssoIdentitySchema.safeParse(payload?.identity);
  if (!parsed.success || !parsed.data.verifiedEmail) return null;
  return { ...parsed.data, verifiedEmail: parsed.data.verifiedEmail };
}

/** The Set-Cookie value that stores (or, with null, clears) the pending identity. */
export function pendingSsoCookie(value: string | null, secure: boolean): string {
  const lifetime = value === null ? "Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT" : `Max-Age=${PENDING_SSO_MAX_AGE_S}`;
  return `${PENDING_SSO_COOKIE}=${value ?? ""}; Path=/; HttpOnly; SameSite=Lax; ${lifetime}${secure ? "; Secure" : ""}`;
}
