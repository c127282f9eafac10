import type { Tx } from "../db";

/**
 * An inactive subscription gets nothing: when one is switched off (by its owner, or after three
 * days of failures), its deliveries still waiting for a retry are closed as failed. The owner can
 * redeliver any of them by hand from the delivery log.
 */
export async function failPendingDeliveries(tx: Tx, subscriptionId: string, reason: string): Promise<number> {
  const { count } = await tx.webhookDelivery.updateMany({
    where: { subscriptionId, status: "pending" },
    // Releasing the claim of an attempt in flight: its outcome is still logged when it ends, but
    // it no longer moves the delivery, and a manual redelivery need not wait for the lock.
    data: { status: "failed", nextAttemptAt: null, lockedUntil: null, lastError: reason },
  });
  return count;
}
