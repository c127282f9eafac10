// Writes one attempt's outcome: the attempt row (every attempt is logged, whatever happens, with
// the request exactly as sent and the retry it leads to), the delivery's new state and schedule,
// and the subscription's failure streak, in one transaction.
import { db } from "../db";
import { failPendingDeliveries } from "./fail-pending-deliveries";
import { DISABLE_AFTER_FAILING_MS, nextRetryAt } from "./retry-schedule";
import type { SendOutcome } from "./send-webhook";

export const DISABLED_REASON = "Deliveries kept failing for 3 days";

export async function recordAttempt(input: {
  deliveryId: string;
  subscriptionId: string;
  /** The claim this attempt ran under: the delivery is only updated while that claim holds. */
  claimedUntil: Date;
  manual: boolean;
  /** What went on the wire: the URL, every header (signatures included) and the body's exact text. */
  request: { url: string; headers: Record<string, string>; body: string };
  outcome: SendOutcome;
}): Promise<void> {
  const { deliveryId, subscriptionId, claimedUntil, manual, request, outcome } = input;
  const now = new Date();
  await db().$transaction(async (tx) => {
    const delivery = await tx.webhookDelivery.findUnique({ where: { id: deliveryId }, select: { attemptCount: true } });
    if (!delivery) return; // its subscription was deleted meanwhile

    const lastError = outcome.ok ? null : (outcome.error ?? `HTTP ${outcome.statusCode}`);
    const attemptCount = manual ? delivery.attemptCount : delivery.attemptCount + 1;
    const retryAt = outcome.ok || manual ? null : nextRetryAt(attemptCount, now);

    await tx.webhookAttempt.create({
      data: {
        deliveryId,
        startedAt: outcome.startedAt,
        durationMs: outcome.durationMs,
        requestUrl: request.url,
        requestHeaders: request.headers,
        requestBody: request.body,
        statusCode: outcome.statusCode,
        responseExcerpt: outcome.responseExcerpt,
        error: outcome.error,
        nextRetryAt: retryAt,
        manual,
      },
    });
    // A claim that lapsed (the attempt outlived CLAIM_LOCK_MS) may belong to someone else now:
    // the attempt stays logged, but only the current claimer moves the delivery on.
    await tx.webhookDelivery.updateMany({
      where: { id: deliveryId, lockedUntil: claimedUntil, ...(manual ? {} : { status: "pending" }) },
      data: outcome.ok
        ? { status: "succeeded", deliveredAt: now, nextAttemptAt: null, attemptCount, lockedUntil: null, lastStatusCode: outcome.statusCode, lastError }
        : manual
          ? // A failed manual redelivery leaves the automatic schedule (or the failed state) as it was.
            { lockedUntil: null, lastStatusCode: outcome.statusCode, lastError }
          : { status: retryAt ? "pending" : "failed", nextAttemptAt: retryAt, attemptCount, lockedUntil: null, lastStatusCode: outcome.statusCode, lastError },
    });

    if (outcome.ok) {
      await tx.webhookSubscription.updateMany({ where: { id: subscriptionId, failingSince: { not: null } }, data: { failingSince: null } });
      return;
    }
    if (manual) return;
    // The streak starts at the first failure after a success; three days of it disable the subscription.
    await tx.webhookSubscription.updateMany({ where: { id: subscriptionId, failingSince: null }, data: { failingSince: now } });
    const disabled = await tx.webhookSubscription.updateMany({
      where: { id: subscriptionId, active: true, failingSince: { lte: new Date(now.getTime() - DISABLE_AFTER_FAILING_MS) } },
      data: { active: false, disabledAt: now, disabledReason: DISABLED_REASON },
    });
    if (disabled.count) await failPendingDeliveries(tx, subscriptionId, "Subscription disabled");
  });
}
