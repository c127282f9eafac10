// POST /api/webhooks/:id/deliveries/:deliveryId/redeliver – send it again now, as a manual attempt → 202 { deliveryId } (webhooks:write)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { queueRedelivery } from "@/lib/webhooks/queue-redelivery";

export const runtime = "nodejs";

export const POST = api({
  auth: "key-or-session",
  scopes: ["webhooks:write"],
  params: z.object({ id: z.string(), deliveryId: z.string() }),
  handler: async ({ principal, params }) =>
    Response.json(await queueRedelivery({ ownerId: principal.userId, subscriptionId: params.id, deliveryId: params.deliveryId }), { status: 202 }),
});
