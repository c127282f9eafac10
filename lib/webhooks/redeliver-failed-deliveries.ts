// POST /api/webhooks/:id/redeliver-failed: every failed delivery of one endpoint created in a
// period, sent again as manual attempts after the response (redeliver-deliveries.ts). The owner
// is checked once, here: every delivery listed belongs to that endpoint. At most MAX_REDELIVER
// per call, oldest first; `hasMore` says when to call again.
import { db } from "../db";
import { notFound } from "../http/api-error";
import { redeliverDeliveries } from "./redeliver-deliveries";
import { runAfterResponse } from "./run-after-response";

export const MAX_REDELIVER = 100;

export async function redeliverFailedDeliveries(options: {
  ownerId: string;
  subscriptionId: string;
  since: Date;
  until?: Date | null;
}): Promise<{ deliveryIds: string[]; hasMore: boolean }> {
  const { ownerId, subscriptionId } = options;
  if (!ownerId) throw new Error("redeliverFailedDeliveries needs an owner");
  const subscription = await db().webhookSubscription.findFirst({ where: { id: subscriptionId, ownerId }, select: { id: true } });
  if (!subscription) throw notFound("Webhook not found");
  const rows = await db().webhookDelivery.findMany({
    where: { subscriptionId: subscription.id, status: "failed", createdAt: { gte: options.since, ...(options.until ? { lt: options.until } : {}) } },
    orderBy: [{ createdAt: "asc" }, { sequence: "asc" }],
    take: MAX_REDELIVER + 1,
    select: { id: true },
  });
  const deliveryIds = rows.slice(0, MAX_REDELIVER).map((row) => row.id);
  // After the 202, an error other than a delivery in flight fails the run and is logged there.
  if (deliveryIds.length) runAfterResponse("redelivering failed deliveries", () => redeliverDeliveries(deliveryIds));
  return { deliveryIds, hasMore: rows.length > MAX_REDELIVER };
}
