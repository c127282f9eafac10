// POST /api/account/sso-signup – a new account for the single sign-on identity waiting in this browser's cookie (201, signed in)
import { z } from "zod";
import { ssoSignedUpAccountSchema, ssoSignUpInputSchema } from "@/lib/accounts/account-input";
import { completeSsoSignUp } from "@/lib/accounts/complete-sso-sign-up";
import { openPendingSsoIdentity, PENDING_SSO_COOKIE, pendingSsoCookie } from "@/lib/auth/pending-sso-identity";
import { usesSecureCookies } from "@/lib/auth/secure-cookies";
import { newSessionCookie, withCookies } from "@/lib/auth/session-cookies";
import { api } from "@/lib/http/api";
import { clientIp } from "@/lib/http/client-ip";
import { refuseCrossSiteWrite } from "@/lib/http/cross-site";

export const runtime = "nodejs";

export const POST = api({
  auth: "none",
  rateLimit: "public",
  // The answer sets the session cookie: never stored for a replay.
  idempotency: "none",
  // Parsed by completeSsoSignUp once it knows an identity is waiting.
  body: z.unknown(),
  docs: {
    summary: "Finish single sign-on with a new account",
    description:
      "The last step of a single sign-on (`/api/auth/signin/oidc` or `/github`) whose provider-verified email no account uses, with `REGISTRATION=open` or an invitation to that address: the browser holds the identity in an encrypted cookie for 15 minutes. The new account is `free`, its email counts as verified, it has no password (a reset link sets one), and this browser is signed in (Set-Cookie). Counts as a sign-up for the per-IP limit.",
    tag: "Account",
    body: ssoSignUpInputSchema,
    responses: { 201: { description: "The account; this browser is signed in to it.", schema: ssoSignedUpAccountSchema } },
    errors: {
      400: "`No single sign-on in progress` (no identity cookie, or it expired), or `Invalid input`.",
      403: "`No account uses this email address`: registration closed meanwhile, or `Cross-site request refused`.",
      409: "`Username taken`, `Email already registered`, or `Already signed up: sign in again`.",
      429: "More sign-ups from this client IP than the hourly limit.",
    },
  },
  handler: async ({ req, body }) => {
    // The cookie is this request's credential, so the wrapper's cross-site check for session writes applies here too.
    refuseCrossSiteWrite(req);
    const identity = await openPendingSsoIdentity(req.cookies.get(PENDING_SSO_COOKIE)?.value);
    const { account, session } = await completeSsoSignUp({ identity, body, ip: clientIp(req) });
    const response = Response.json(account, { status: 201 });
    return withCookies(response, [await newSessionCookie(req, session), pendingSsoCookie(null, usesSecureCookies(req.headers))]);
  },
});
