// GET /api/webhooks – the caller's endpoints, each with its last delivery result and failures in 24 h (webhooks:read)
// POST /api/webhooks – add an endpoint { url, events? } → 201 with its signing secret, shown once (webhooks:write)
import { api } from "@/lib/http/api";
import { createWebhookSubscription } from "@/lib/webhooks/create-webhook-subscription";
import { listWebhookSubscriptions } from "@/lib/webhooks/list-webhook-subscriptions";
import { createSubscriptionInputSchema } from "@/lib/webhooks/subscription-input";

export const runtime = "nodejs";

export const GET = api({
  auth: "key-or-session",
  scopes: ["webhooks:read"],
  handler: async ({ principal }) => ({ data: await listWebhookSubscriptions({ ownerId: principal.userId }) }),
});

export const POST = api({
  auth: "key-or-session",
  scopes: ["webhooks:write"],
  body: createSubscriptionInputSchema,
  handler: async ({ principal, body }) =>
    Response.json(await createWebhookSubscription({ ownerId: principal.userId, input: body }), { status: 201 }),
});
