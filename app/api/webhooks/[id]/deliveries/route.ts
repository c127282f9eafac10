// GET /api/webhooks/:id/deliveries – the delivery log, newest first: ?status=&event=&page=&perPage= (webhooks:read)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { deliveryQuerySchema } from "@/lib/webhooks/delivery-query";
import { listWebhookDeliveries } from "@/lib/webhooks/list-webhook-deliveries";

export const runtime = "nodejs";

export const GET = api({
  auth: "key-or-session",
  scopes: ["webhooks:read"],
  params: z.object({ id: z.string() }),
  query: deliveryQuerySchema,
  handler: ({ principal, params, query }) => listWebhookDeliveries({ ownerId: principal.userId, subscriptionId: params.id, ...query }),
});
