// The next-auth route handler with what next-auth does not do itself:
// - Throttled password sign-in (sign-in-throttle.ts): a blocked account or IP gets
//   429 { error: "rate_limited", retryAfter, message } with Retry-After, before any password is
//   checked; a failed sign-in is counted afterwards.
// - The audit log (lib/audit/record-sign-in.ts): account.signed_in or account.sign_in_failed, with
//   the X-Request-Id this adds to the answer.
// - Hostile input never becomes a 5xx: next-auth answers GET callback/credentials with a 500
//   ("Callback for provider type credentials not supported") and throws on some malformed
//   requests, so unknown actions are 404, wrong methods 405, a POST must be a form (415), and a
//   callbackUrl next-auth cannot parse is 400.
// - Single sign-on (ACCOUNTS.md) opens only for the providers the environment configures
//   (sso-providers.ts): POST signin/<id> starts it (next-auth checks its CSRF token), GET
//   callback/<id> is where the provider sends the browser back. Any other provider id is 404, a
//   POST callback is the credentials provider's alone and a GET callback never is. SSO callbacks
//   are not counted by the password throttle: they carry no password to guess.
import { randomUUID } from "node:crypto";
import type { NextRequest } from "next/server";
import { recordSignIn } from "../audit/record-sign-in";
import { clientIp } from "../http/client-ip";
import { requestIdFor } from "../http/request-id";
import { logger } from "../log/logger";
import { retryAfterSeconds } from "../http/rate-limit";
import { recordSignInFailure, signInBlockedUntil } from "./sign-in-throttle";
import { isConfiguredSsoProvider } from "./sso-providers";

type Handler = (req: NextRequest, context: { params: Promise<{ nextauth?: string[] }> }) => Promise<Response>;

const GET_ACTIONS = new Set(["providers", "session", "csrf", "signin", "signout", "error", "verify-request"]);
// POST session (next-auth's session update) answered 500 to a form without a session; nothing
// of ours uses it or _log (next-auth/react's client logger), so both are 405.
const POST_ACTIONS = new Set(["signin", "callback", "signout"]);
const PROVIDER_ACTIONS = new Set(["signin", "callback"]);

const json = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "X-Request-Id": randomUUID(), ...headers } });

export function nextAuthRoute(handler: Handler): Handler {
  return async (req, context) => {
    const segments = (await context.params).nextauth ?? [];
    const [action, provider, ...extra] = segments;
    const method = req.method;
    const known = method === "GET" ? GET_ACTIONS : POST_ACTIONS;
    if (!action || !(GET_ACTIONS.has(action) || POST_ACTIONS.has(action) || action === "_log") || extra.length > 0) return json(404, { error: "Not found" });
    const sso = isConfiguredSsoProvider(provider);
    if (provider !== undefined && (!PROVIDER_ACTIONS.has(action) || (provider !== "credentials" && !sso))) return json(404, { error: "Not found" });
    if (action === "callback" && provider !== undefined) {
      if ((method === "GET") !== sso) return json(405, { error: "Method not allowed" }, { Allow: sso ? "GET" : "POST" });
      if (sso) return handler(req, context);
    }
    if (!known.has(action) || (method === "GET" && action === "callback")) return json(405, { error: "Method not allowed" }, { Allow: method === "GET" ? "POST" : "GET" });
    // A POST sign-in names its provider (next-auth answered 500 to POST signin without one).
    if (method === "POST" && PROVIDER_ACTIONS.has(action) && provider === undefined) return json(404, { error: "Not found" });
    if (method === "POST" && !/^application\/x-www-form-urlencoded\b/i.test(req.headers.get("content-type") ?? "")) {
      return json(415, { error: "Unsupported Media Type", expected: "application/x-www-form-urlencoded" });
    }

    if (method !== "POST") return handler(req, context);

    const form = await req.clone().formData().catch(() => null);
    // next-auth parses callbackUrl with `new URL(value)` and answers 500 when that throws (e.g.
    // "dashboard", "http://"): a path or an absolute URL is all it can take.
    const callbackUrl = form?.get("callbackUrl");
    if (typeof callbackUrl === "string" && callbackUrl !== "" && !callbackUrl.startsWith("/") && !URL.canParse(callbackUrl)) {
      return json(400, { error: "Invalid callbackUrl", message: "callbackUrl must be a path or an absolute URL" });
    }
    if (action !== "callback") return handler(req, context);

    const email = form?.get("email");
    const subjects = { email: typeof email === "string" ? email : "", ip: clientIp(req) };
    const blockedUntil = await signInBlockedUntil(subjects);
    if (blockedUntil !== null) {
      const retryAfter = retryAfterSeconds({ success: false, limit: 0, remaining: 0, reset: blockedUntil });
      return json(
        429,
        { error: "rate_limited", retryAfter, message: `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minutes.` },
        { "Retry-After": String(retryAfter) },
      );
    }
    const requestId = requestIdFor(req);
    const res = await handler(req, context);
    const failed = await signInFailed(res);
    if (failed) await recordSignInFailure(subjects);
    // The audit log's row carries this response's X-Request-Id (next-auth sets none).
    await recordSignIn({ email: subjects.email, succeeded: !failed, ip: subjects.ip, requestId }).catch((err: unknown) =>
      logger().error({ err, requestId }, "could not record a sign-in in the audit log"),
    );
    const answer = new Response(res.body, res);
    answer.headers.set("X-Request-Id", requestId);
    return answer;
  };
}

/** next-auth reports a refused sign-in as a redirect (or, with json=true, a URL) carrying `error=`. */
async function signInFailed(res: Response): Promise<boolean> {
  const location = res.headers.get("location");
  if (location) return /[?&]error=/.test(location);
  if (res.status >= 400) return true;
  const body = (await res.clone().json().catch(() => null)) as { url?: string } | null;
  return typeof body?.url === "string" && /[?&]error=/.test(body.url);
}
