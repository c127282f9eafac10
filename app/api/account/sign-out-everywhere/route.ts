// POST /api/account/sign-out-everywhere – ends every session of the account, this one too (204, session only)
import { signOutEverywhere } from "@/lib/accounts/sign-out-everywhere";
import { clearedSessionCookies, withCookies } from "@/lib/auth/session-cookies";
import { api } from "@/lib/http/api";

export const runtime = "nodejs";

export const POST = api({
  auth: "session",
  // The answer clears a cookie: never stored for a replay.
  idempotency: "none",
  docs: {
    summary: "Sign out everywhere",
    tag: "Account",
    responses: { 204: { description: "Every session ended." } },
  },
  handler: async ({ req, principal }) => {
    await signOutEverywhere({ userId: principal.projectId });
    return withCookies(new Response(null, { status: 204 }), clearedSessionCookies(req));
  },
});
