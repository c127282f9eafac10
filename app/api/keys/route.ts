// GET /api/keys – the signed-in author's API keys (never the full key; session only)
// POST /api/keys – create a key { name, scopes, expiresAt? } → 201 with the full key, shown once (session only)
import { apiKeyListSchema, createdApiKeySchema } from "@/lib/auth/api-key-response";
import { api } from "@/lib/http/api";
import { createApiKeyBodySchema } from "@/lib/auth/api-key-input";
import { createApiKey } from "@/lib/auth/create-api-key";
import { listApiKeys } from "@/lib/auth/list-api-keys";
import { requireVerifiedEmail } from "@/lib/auth/require-verified-email";

export const runtime = "nodejs";

export const GET = api({
  auth: "session",
  docs: {
    summary: "List API keys",
    description: "The signed-in author's keys, newest first, revoked and expired ones included. Never the key itself.",
    tag: "Account",
    responses: { 200: { description: "The keys.", schema: apiKeyListSchema } },
  },
  handler: async ({ principal }) => ({ data: await listApiKeys({ ownerId: principal.projectId }) }),
});

export const POST = api({
  auth: "session",
  body: createApiKeyBodySchema,
  // A replay would have to keep the new key in the database, where only its hash may be.
  idempotency: "none",
  docs: {
    summary: "Create an API key",
    description: "The full key is in this response only. `expiresAt` (optional) makes it answer 401 from then on.",
    tag: "Account",
    responses: { 201: { description: "The new key, shown once.", schema: createdApiKeySchema } },
    errors: { 403: "`Verify your email address first`: the account's address is not verified yet" },
  },
  handler: async ({ principal, body }) => {
    requireVerifiedEmail(principal);
    return Response.json(await createApiKey({ userId: principal.projectId, name: body.name, scopes: body.scopes, expiresAt: body.expiresAt }), { status: 201 });
  },
});
