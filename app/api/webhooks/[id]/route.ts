// GET /api/webhooks/:id – one endpoint, without its secret (webhooks:read)
// PATCH /api/webhooks/:id – change { url?, events?, active? } (webhooks:write)
// DELETE /api/webhooks/:id – delete it with its delivery log → { success: true } (webhooks:write)
import { z } from "zod";
import { successSchema } from "@/lib/openapi/shared-schemas";
import { webhookSchema } from "@/lib/webhooks/webhook-response";
import { api } from "@/lib/http/api";
import { deleteWebhookSubscription } from "@/lib/webhooks/delete-webhook-subscription";
import { getWebhookSubscription } from "@/lib/webhooks/get-webhook-subscription";
import { updateSubscriptionInputSchema } from "@/lib/webhooks/subscription-input";
import { updateWebhookSubscription } from "@/lib/webhooks/update-webhook-subscription";

export const runtime = "nodejs";

const params = z.object({ id: z.string() });

export const GET = api({
  auth: "key-or-session",
  action: "project.manage",
  scopes: ["webhooks:read"],
  params,
  docs: {
    summary: "Get a webhook endpoint",
    tag: "Webhooks",
    sdk: 'inkbase.webhooks.get("webhook-id")',
    responses: { 200: { description: "The endpoint, without its secret.", schema: webhookSchema } },
    errors: { 404: "`Webhook not found`" },
  },
  handler: ({ principal, params }) => getWebhookSubscription({ ownerId: principal.projectId, id: params.id }),
});

export const PATCH = api({
  auth: "key-or-session",
  action: "project.manage",
  scopes: ["webhooks:write"],
  params,
  body: updateSubscriptionInputSchema,
  docs: {
    summary: "Change a webhook endpoint",
    description: "Its URL, events, or `active` (false pauses deliveries).",
    tag: "Webhooks",
    sdk: 'inkbase.webhooks.update("webhook-id", { active: false })',
    responses: { 200: { description: "The endpoint as changed.", schema: webhookSchema } },
    errors: { 404: "`Webhook not found`" },
  },
  handler: ({ principal, params, body }) => updateWebhookSubscription({ ownerId: principal.projectId, id: params.id, input: body }),
});

export const DELETE = api({
  auth: "key-or-session",
  action: "project.manage",
  scopes: ["webhooks:write"],
  params,
  docs: {
    summary: "Delete a webhook endpoint",
    description: "With its delivery log.",
    tag: "Webhooks",
    sdk: 'inkbase.webhooks.delete("webhook-id")',
    responses: { 200: { description: "Deleted.", schema: successSchema } },
    errors: { 404: "`Webhook not found`" },
  },
  handler: ({ principal, params }) => deleteWebhookSubscription({ ownerId: principal.projectId, id: params.id }),
});
