// POST /api/webhooks/:id/deliveries/:deliveryId/redeliver – send it again now, as a manual attempt → 202 { deliveryId } (webhooks:write)
import { z } from "zod";
import { queuedDeliverySchema } from "@/lib/webhooks/webhook-response";
import { api } from "@/lib/http/api";
import { queueRedelivery } from "@/lib/webhooks/queue-redelivery";

export const runtime = "nodejs";

export const POST = api({
  auth: "key-or-session",
  action: "project.manage",
  scopes: ["webhooks:write"],
  params: z.object({ id: z.string(), deliveryId: z.string() }),
  docs: {
    summary: "Redeliver a delivery",
    description: "Sends it again now, as a manual attempt, after the response.",
    tag: "Webhooks",
    sdk: 'inkbase.webhooks.deliveries.redeliver("webhook-id", "delivery-id")',
    responses: { 202: { description: "Queued.", schema: queuedDeliverySchema } },
    errors: { 404: "`Webhook not found` or `Delivery not found`", 409: "An attempt of this delivery is in flight." },
  },
  handler: async ({ principal, params }) =>
    Response.json(await queueRedelivery({ ownerId: principal.projectId, subscriptionId: params.id, deliveryId: params.deliveryId }), { status: 202 }),
});
