// POST /api/webhooks/:id/redeliver-failed: every failed delivery of one endpoint created in a
// period, sent again as manual attempts after the response (a few at a time, each claimed just
// before its attempt so no claim lapses while others run). At most MAX_REDELIVER per call, oldest
// first; `hasMore` says when to call again.
import { db } from "../db";
import { notFound } from "../http/api-error";
import { attemptDelivery } from "./attempt-delivery";
import { claimForRedelivery } from "./claim-for-redelivery";
import { runAfterResponse } from "./run-after-response";

export const MAX_REDELIVER = 100;
const PARALLEL = 4;

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
    where: { subscriptionId, status: "failed", createdAt: { gte: options.since, ...(options.until ? { lt: options.until } : {}) } },
    orderBy: [{ createdAt: "asc" }, { sequence: "asc" }],
    take: MAX_REDELIVER + 1,
    select: { id: true },
  });
  const deliveryIds = rows.slice(0, MAX_REDELIVER).map((row) => row.id);
  if (deliveryIds.length) {
    runAfterResponse("redelivering failed deliveries", async () => {
      const queue = [...deliveryIds];
      const worker = async () => {
        for (let id = queue.shift(); id; id = queue.shift()) {
          // One already being attempted (by the tick or another redelivery) is skipped, not waited for.
          const claim = await claimForRedelivery({ ownerId, subscriptionId, deliveryId: id }).catch(() => null);
          if (claim) await attemptDelivery(claim, { manual: true });
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
    });
  }
  return { deliveryIds, hasMore: rows.length > MAX_REDELIVER };
}
