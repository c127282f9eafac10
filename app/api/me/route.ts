// GET /api/me – who the key or session belongs to: { id, username, email, plan, scopes }
// PATCH /api/me – the signed-in author changes display name, avatar, email or password (session only)
// DELETE /api/me – deletes the account and its project, with the password (204, session only)
import { z } from "zod";
import { deleteAccountInputSchema, updateAccountInputSchema } from "@/lib/accounts/account-input";
import { deleteAccount } from "@/lib/accounts/delete-account";
import { updateAccount } from "@/lib/accounts/update-account";
import { api } from "@/lib/http/api";
import { clientIp } from "@/lib/http/client-ip";
import { toMe } from "@/lib/auth/to-me";
import { meSchema, profileSchema } from "@/lib/auth/me-response";
import { clearedSessionCookies, reissuedSessionCookie, withCookies } from "@/lib/auth/session-cookies";
import { meExample } from "@/lib/openapi/response-examples";

export const runtime = "nodejs";

export const GET = api({
  auth: "key-or-session",
  docs: {
    summary: "Who am I",
    description: "The account the key or session belongs to, with the key's scopes (null for a session).",
    tag: "Account",
    sdk: "inkbase.me()",
    responses: { 200: { description: "The caller.", schema: meSchema, example: meExample } },
  },
  handler: async ({ principal }) => toMe(principal),
});

export const PATCH = api({
  auth: "session",
  body: updateAccountInputSchema,
  // A password change answers with a new session cookie, which must never be stored for a replay.
  idempotency: "none",
  docs: {
    summary: "Change the account",
    description:
      "Any of `displayName` (empty or null hands the blog's name back to the username), `avatar`, `email` and `password`. " +
      "`email` mails a confirmation link to the new address and keeps the current one until it is followed. " +
      "`password` ends every other session and re-issues this one's cookie; a notice is mailed. Both need `currentPassword` " +
      "(400 without it; a wrong one is 403 `Wrong password`, throttled like sign-in).",
    tag: "Account",
    sdk: 'inkbase.updateProfile({ displayName: "Alice" })',
    responses: { 200: { description: "The account as it is now (`email` stays the old address until the link is followed).", schema: profileSchema } },
    errors: { 403: "`Wrong password`", 404: "User not found", 409: "`Email already registered`.", 429: "Too many wrong passwords for this account or client IP (the sign-in throttle)." },
  },
  handler: async ({ req, principal, body }) => {
    const { profile, sessionVersion } = await updateAccount({ principal, input: body, ip: clientIp(req) });
    const cookie = sessionVersion === null ? null : await reissuedSessionCookie(req, sessionVersion);
    return withCookies(Response.json(profile), [cookie]);
  },
});

export const DELETE = api({
  auth: "session",
  // Parsed by deleteAccount; documented below.
  body: z.unknown(),
  idempotency: "none",
  docs: {
    summary: "Delete the account",
    description:
      "Deletes the account's own project with everything in it (posts, collections, media files, keys, webhooks, imports). " +
      "Needs the account's `password` (403 `Wrong password`, throttled like sign-in). Refused while the project has other members.",
    tag: "Account",
    body: deleteAccountInputSchema,
    responses: { 204: { description: "Deleted; this browser's session cookie is cleared." } },
    errors: { 403: "`Wrong password`", 409: "`Remove the project's members first`.", 429: "Too many wrong passwords for this account or client IP (the sign-in throttle)." },
  },
  handler: async ({ req, principal, body }) => {
    await deleteAccount({ principal, body, ip: clientIp(req) });
    return withCookies(new Response(null, { status: 204 }), clearedSessionCookies(req));
  },
});
