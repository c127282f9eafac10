// Manual redelivery of any delivery, whatever its state, made at once: a new attempt (logged as
// manual) with the same delivery id, body and event, signed afresh. The API queues it instead
// (queue-redelivery.ts); this waits for the outcome (tests, scripts).
import { db } from "../db";
import { attemptDelivery } from "./attempt-delivery";
import { claimForRedelivery } from "./claim-for-redelivery";
import { deliverySelect, toWebhookDelivery, type WebhookDeliveryView } from "./to-webhook-delivery";

export async function redeliverWebhook(options: {
  ownerId: string;
  deliveryId: string;
  /** Per-attempt timeout; DECISIONS' 10 s unless a test shortens it. */
  timeoutMs?: number;
}): Promise<WebhookDeliveryView> {
  const claim = await claimForRedelivery(options);
  await attemptDelivery(claim, { manual: true, timeoutMs: options.timeoutMs });
  const row = await db().webhookDelivery.findUniqueOrThrow({ where: { id: claim.id }, select: deliverySelect });
  return toWebhookDelivery(row);
}
