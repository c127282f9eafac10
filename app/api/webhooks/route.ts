// GET /api/webhooks – the caller's endpoints, each with its last delivery result and failures in 24 h (webhooks:read)
// POST /api/webhooks – add an endpoint { url, events? } → 201 with its signing secret, shown once (webhooks:write)
import { createdWebhookSchema, webhookListSchema } from "@/lib/webhooks/webhook-response";
import { api } from "@/lib/http/api";
import { createWebhookSubscription } from "@/lib/webhooks/create-webhook-subscription";
import { listWebhookSubscriptions } from "@/lib/webhooks/list-webhook-subscriptions";
import { createSubscriptionInputSchema } from "@/lib/webhooks/subscription-input";

export const runtime = "nodejs";

export const GET = api({
  auth: "key-or-session",
  action: "project.manage",
  scopes: ["webhooks:read"],
  docs: {
    summary: "List webhook endpoints",
    description: "Each endpoint with its newest delivery's result and its failed attempts in the last 24 hours. Never the secret.",
    tag: "Webhooks",
    sdk: "inkbase.webhooks.list()",
    responses: { 200: { description: "The endpoints.", schema: webhookListSchema } },
  },
  handler: async ({ principal }) => ({ data: await listWebhookSubscriptions({ ownerId: principal.projectId }) }),
});

export const POST = api({
  auth: "key-or-session",
  action: "project.manage",
  scopes: ["webhooks:write"],
  body: createSubscriptionInputSchema,
  docs: {
    summary: "Add a webhook endpoint",
    description: "`events` defaults to every event type. The URL must be public HTTPS (loopback and private addresses are refused). At most 20 endpoints per account.",
    tag: "Webhooks",
    sdk: 'inkbase.webhooks.create({ url: "https://example.com/hooks/inkbase", events: ["post.published"] })',
    responses: { 201: { description: "The endpoint with its signing secret, shown once.", schema: createdWebhookSchema } },
  },
  handler: async ({ principal, body }) =>
    Response.json(await createWebhookSubscription({ ownerId: principal.projectId, input: body }), { status: 201 }),
});
