// GET /api/webhooks/:id/deliveries/:deliveryId – one delivery with every attempt's request and response (webhooks:read)
import { z } from "zod";
import { deliverySchema } from "@/lib/webhooks/webhook-response";
import { api } from "@/lib/http/api";
import { getWebhookDelivery } from "@/lib/webhooks/get-webhook-delivery";

export const runtime = "nodejs";

export const GET = api({
  auth: "key-or-session",
  action: "project.manage",
  scopes: ["webhooks:read"],
  params: z.object({ id: z.string(), deliveryId: z.string() }),
  docs: {
    summary: "Get a delivery with its attempts",
    description: "Every attempt's request as sent (headers with signatures, the exact body), the response code, duration, an excerpt of the response, the error and the next retry time.",
    tag: "Webhooks",
    sdk: 'inkbase.webhooks.deliveries.get("webhook-id", "delivery-id")',
    responses: { 200: { description: "The delivery.", schema: deliverySchema } },
    errors: { 404: "`Webhook not found` or `Delivery not found`" },
  },
  handler: ({ principal, params }) => getWebhookDelivery({ ownerId: principal.projectId, subscriptionId: params.id, deliveryId: params.deliveryId }),
});
