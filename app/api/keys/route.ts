// GET /api/keys – the signed-in author's API keys (never the full key; session only)
// POST /api/keys – create a key { name, scopes, expiresAt? } → 201 with the full key, shown once (session only)
import { api } from "@/lib/http/api";
import { createApiKeyBodySchema } from "@/lib/auth/api-key-input";
import { createApiKey } from "@/lib/auth/create-api-key";
import { listApiKeys } from "@/lib/auth/list-api-keys";

export const runtime = "nodejs";

export const GET = api({
  auth: "session",
  handler: async ({ principal }) => ({ data: await listApiKeys({ ownerId: principal.userId }) }),
});

export const POST = api({
  auth: "session",
  body: createApiKeyBodySchema,
  handler: async ({ principal, body }) =>
    Response.json(await createApiKey({ userId: principal.userId, name: body.name, scopes: body.scopes, expiresAt: body.expiresAt }), { status: 201 }),
});
