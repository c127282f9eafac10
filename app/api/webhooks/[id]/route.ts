// GET /api/webhooks/:id – one endpoint, without its secret (webhooks:read)
// PATCH /api/webhooks/:id – change { url?, events?, active? } (webhooks:write)
// DELETE /api/webhooks/:id – delete it with its delivery log → { success: true } (webhooks:write)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { deleteWebhookSubscription } from "@/lib/webhooks/delete-webhook-subscription";
import { getWebhookSubscription } from "@/lib/webhooks/get-webhook-subscription";
import { updateSubscriptionInputSchema } from "@/lib/webhooks/subscription-input";
import { updateWebhookSubscription } from "@/lib/webhooks/update-webhook-subscription";

export const runtime = "nodejs";

const params = z.object({ id: z.string() });

export const GET = api({
  auth: "key-or-session",
  scopes: ["webhooks:read"],
  params,
  handler: ({ principal, params }) => getWebhookSubscription({ ownerId: principal.userId, id: params.id }),
});

export const PATCH = api({
  auth: "key-or-session",
  scopes: ["webhooks:write"],
  params,
  body: updateSubscriptionInputSchema,
  handler: ({ principal, params, body }) => updateWebhookSubscription({ ownerId: principal.userId, id: params.id, input: body }),
});

export const DELETE = api({
  auth: "key-or-session",
  scopes: ["webhooks:write"],
  params,
  handler: ({ principal, params }) => deleteWebhookSubscription({ ownerId: principal.userId, id: params.id }),
});
