// GET /api/keys – the signed-in author's API keys (never the full key; session only)
// POST /api/keys – create a key { name, scopes, expiresAt? } → 201 with the full key, shown once (session only)
import { apiKeyListSchema, createdApiKeySchema } from "@/lib/auth/api-key-response";
import { api } from "@/lib/http/api";
import { createApiKeyBodySchema } from "@/lib/auth/api-key-input";
import { createApiKey } from "@/lib/auth/create-api-key";
import { listApiKeys } from "@/lib/auth/list-api-keys";
import { requireVerifiedEmail } from "@/lib/auth/require-verified-email";
import { authorize, can, notAllowedForRole } from "@/lib/auth/can";

export const runtime = "nodejs";

export const GET = api({
  auth: "session",
  action: "keys.personal",
  docs: {
    summary: "List API keys",
    description: "The caller's personal keys in the current project and, for admins and the owner, the project keys; newest first, revoked and expired ones included. Never the key itself.",
    tag: "Account",
    responses: { 200: { description: "The keys.", schema: apiKeyListSchema } },
  },
  handler: async ({ principal }) => ({ data: await listApiKeys(principal) }),
});

export const POST = api({
  auth: "session",
  action: "keys.personal",
  body: createApiKeyBodySchema,
  // A replay would have to keep the new key in the database, where only its hash may be.
  idempotency: "none",
  docs: {
    summary: "Create an API key",
    description: "The full key is in this response only. `expiresAt` (optional) makes it answer 401 from then on. `kind: \"personal\"` (the default) acts as the caller within their role now; `kind: \"project\", role` (admins and the owner) acts as the project.",
    tag: "Account",
    responses: { 201: { description: "The new key, shown once.", schema: createdApiKeySchema } },
    errors: { 403: "`Verify your email address first`: the account's address is not verified yet; `Not allowed for your role`: a project key below admin, or a viewer's key with more than `*:read` scopes." },
  },
  handler: async ({ principal, body }) => {
    if (body.kind === "project") authorize(principal, "keys.project");
    // A viewer's personal key may only read (TEAMS.md): asking for more is the role's 403.
    else if (!can(principal, "posts.create") && body.scopes.some((scope) => !scope.endsWith(":read"))) throw notAllowedForRole(principal.role);
    requireVerifiedEmail(principal);
    const created = await createApiKey({
      userId: principal.projectId,
      name: body.name,
      scopes: body.scopes,
      expiresAt: body.expiresAt,
      kind: body.kind,
      role: body.kind === "project" ? (body.role ?? "admin") : "admin",
      createdById: principal.actorId,
    });
    return Response.json(created, { status: 201 });
  },
});
