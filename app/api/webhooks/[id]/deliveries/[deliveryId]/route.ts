// GET /api/webhooks/:id/deliveries/:deliveryId – one delivery with every attempt's request and response (webhooks:read)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { getWebhookDelivery } from "@/lib/webhooks/get-webhook-delivery";

export const runtime = "nodejs";

export const GET = api({
  auth: "key-or-session",
  scopes: ["webhooks:read"],
  params: z.object({ id: z.string(), deliveryId: z.string() }),
  handler: ({ principal, params }) => getWebhookDelivery({ ownerId: principal.userId, subscriptionId: params.id, deliveryId: params.deliveryId }),
});
