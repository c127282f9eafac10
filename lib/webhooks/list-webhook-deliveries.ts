// The delivery log of one subscription, newest first, each delivery with its attempts.
import { db } from "../db";
import { notFound } from "../http/api-error";
import { deliverySelect, toWebhookDelivery, type WebhookDeliveryView } from "./to-webhook-delivery";

const MAX_PAGE = 50;

export async function listWebhookDeliveries(options: {
  ownerId: string;
  subscriptionId: string;
  status?: "pending" | "succeeded" | "failed";
  /** Page size, 1 to 50 (default 20). */
  limit?: number;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
}): Promise<{ deliveries: WebhookDeliveryView[]; nextCursor: string | null }> {
  if (!options.ownerId) throw new Error("listWebhookDeliveries needs an owner");
  const subscription = await db().webhookSubscription.findFirst({
    where: { id: options.subscriptionId, ownerId: options.ownerId },
    select: { id: true },
  });
  if (!subscription) throw notFound("Webhook not found");
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 20), 1), MAX_PAGE);
  const rows = await db().webhookDelivery.findMany({
    where: { subscriptionId: subscription.id, ...(options.status ? { status: options.status } : {}) },
    orderBy: [{ createdAt: "desc" }, { sequence: "desc" }],
    take: limit + 1,
    ...(options.cursor ? { cursor: { id: options.cursor }, skip: 1 } : {}),
    select: deliverySelect,
  });
  const page = rows.slice(0, limit);
  return { deliveries: page.map(toWebhookDelivery), nextCursor: rows.length > limit ? page[page.length - 1].id : null };
}
