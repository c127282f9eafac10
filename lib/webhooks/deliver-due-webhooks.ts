// A delivery run: claim a batch of due deliveries, attempt them in parallel (a batch never holds
// two deliveries of one ordering key), repeat until nothing is due or the time budget is spent.
// Each due delivery gets at most one attempt per run: a failure is rescheduled at least a minute
// ahead, so the same run does not claim it again.
import { attemptDelivery } from "./attempt-delivery";
import { claimDueDeliveries } from "./claim-due-deliveries";

export type DeliveryRunResult = { delivered: number; failed: number };

const BATCH_SIZE = 10;

export async function deliverDueWebhooks(
  options: {
    /** Only these deliveries (the after-response run of one request). */
    deliveryIds?: string[];
    /** Only this owner's subscriptions. */
    ownerId?: string;
    /** Stop claiming new batches after this long (a batch in flight still finishes). */
    budgetMs?: number;
    /** Per-attempt timeout; DECISIONS' 10 s unless a test shortens it. */
    timeoutMs?: number;
  } = {},
): Promise<DeliveryRunResult> {
  const started = Date.now();
  const budgetMs = options.budgetMs ?? Infinity;
  const result: DeliveryRunResult = { delivered: 0, failed: 0 };
  if (options.deliveryIds && !options.deliveryIds.length) return result;
  while (Date.now() - started < budgetMs) {
    const claims = await claimDueDeliveries({ limit: BATCH_SIZE, deliveryIds: options.deliveryIds, ownerId: options.ownerId });
    if (!claims.length) break;
    const outcomes = await Promise.allSettled(claims.map((claim) => attemptDelivery(claim, { timeoutMs: options.timeoutMs })));
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") {
        // Recording failed (database trouble): the claim lapses and a later run retries.
        console.error("[webhooks] recording an attempt failed", outcome.reason);
        result.failed++;
      } else if (outcome.value?.ok) {
        result.delivered++;
      } else if (outcome.value) {
        result.failed++;
      }
    }
  }
  return result;
}
