import { db } from "../db";
import { notFound } from "../http/api-error";
import { deliverySelect, toWebhookDelivery, type WebhookDeliveryView } from "./to-webhook-delivery";

/** One delivery of one of the owner's endpoints, with every attempt's request and response. */
export async function getWebhookDelivery(options: { ownerId: string; subscriptionId: string; deliveryId: string }): Promise<WebhookDeliveryView> {
  if (!options.ownerId) throw new Error("getWebhookDelivery needs an owner");
  const row = await db().webhookDelivery.findFirst({
    where: { id: options.deliveryId, subscriptionId: options.subscriptionId, subscription: { ownerId: options.ownerId } },
    select: deliverySelect,
  });
  if (!row) throw notFound("Delivery not found");
  return toWebhookDelivery(row);
}
