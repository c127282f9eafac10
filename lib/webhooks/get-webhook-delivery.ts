import { db } from "../db";
import { notFound } from "../http/api-error";
import { deliverySelect, toWebhookDelivery, type WebhookDeliveryView } from "./to-webhook-delivery";

/**
 * One delivery of one of the owner's endpoints, with every attempt's request and response. Prisma
 * loads the attempts with a second query: one snapshot (REPEATABLE READ) keeps the delivery's
 * status and counts consistent with the attempts listed, even while an attempt is being recorded.
 */
export async function getWebhookDelivery(options: { ownerId: string; subscriptionId: string; deliveryId: string }): Promise<WebhookDeliveryView> {
  if (!options.ownerId) throw new Error("getWebhookDelivery needs an owner");
  const row = await db().$transaction(
    (tx) =>
      tx.webhookDelivery.findFirst({
        where: { id: options.deliveryId, subscriptionId: options.subscriptionId, subscription: { ownerId: options.ownerId } },
        select: deliverySelect,
      }),
    { isolationLevel: "RepeatableRead" },
  );
  if (!row) throw notFound("Delivery not found");
  return toWebhookDelivery(row);
}
