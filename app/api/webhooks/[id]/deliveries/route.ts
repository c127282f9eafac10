// GET /api/webhooks/:id/deliveries – the delivery log, newest first: ?status=&event=&page=&perPage= (webhooks:read)
import { z } from "zod";
import { deliveryPageSchema } from "@/lib/webhooks/webhook-response";
import { api } from "@/lib/http/api";
import { deliveryQuerySchema } from "@/lib/webhooks/delivery-query";
import { listWebhookDeliveries } from "@/lib/webhooks/list-webhook-deliveries";

export const runtime = "nodejs";

export const GET = api({
  auth: "key-or-session",
  action: "project.manage",
  scopes: ["webhooks:read"],
  params: z.object({ id: z.string() }),
  query: deliveryQuerySchema,
  docs: {
    summary: "List an endpoint's deliveries",
    description: "Newest first, filtered by `status` and `event`, 20 a page (at most 100).",
    tag: "Webhooks",
    sdk: 'inkbase.webhooks.deliveries.list("webhook-id")',
    responses: { 200: { description: "One page of the delivery log.", schema: deliveryPageSchema } },
    errors: { 404: "`Webhook not found`" },
  },
  handler: ({ principal, params, query }) => listWebhookDeliveries({ ownerId: principal.projectId, subscriptionId: params.id, ...query }),
});
