// Whether next-auth serves this request's cookies as Secure (and names its session cookie
// `__Secure-next-auth.session-token`): it does when its origin is https. That origin is
// NEXTAUTH_URL, or with AUTH_TRUST_HOST (and on Vercel) the forwarded protocol, https unless a
// proxy says http (next-auth 4.24 utils/detect-origin.js, core/init.js). Cookies we write for
// it follow the same rule, so next-auth reads them back.
import { env } from "../env";

export function usesSecureCookies(headers: Headers): boolean {
  const configured = env.nextAuthUrl;
  if (configured) return configured.startsWith("https://");
  if (env.onVercel || env.authTrustHost) return headers.get("x-forwarded-proto") !== "http";
  return false;
}
