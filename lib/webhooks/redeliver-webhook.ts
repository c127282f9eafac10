// Manual redelivery of any delivery, whatever its state: a new attempt (logged as manual) with
// the same delivery id, body and event, signed afresh. It does not wait for the ordering key or
// the retry schedule (the owner asked for it now), but it does claim the delivery, so it never
// runs alongside an automatic attempt of the same delivery.
import { db } from "../db";
import { conflict, notFound } from "../http/api-error";
import { attemptDelivery } from "./attempt-delivery";
import { CLAIM_LOCK_MS, type Claim } from "./claim-due-deliveries";
import { deliverySelect, toWebhookDelivery, type WebhookDeliveryView } from "./to-webhook-delivery";

export async function redeliverWebhook(options: {
  ownerId: string;
  deliveryId: string;
  /** Per-attempt timeout; DECISIONS' 10 s unless a test shortens it. */
  timeoutMs?: number;
}): Promise<WebhookDeliveryView> {
  if (!options.ownerId) throw new Error("redeliverWebhook needs an owner");
  const owned = await db().webhookDelivery.findFirst({
    where: { id: options.deliveryId, subscription: { ownerId: options.ownerId } },
    select: { id: true },
  });
  if (!owned) throw notFound("Delivery not found");

  const now = new Date();
  const lockedUntil = new Date(now.getTime() + CLAIM_LOCK_MS);
  const claims = await db().$queryRaw<Claim[]>`
    UPDATE "WebhookDelivery"
    SET "lockedUntil" = ${lockedUntil}::timestamp(3)
    WHERE id = ${owned.id} AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${now}::timestamp(3))
    RETURNING id, "lockedUntil"`;
  if (!claims.length) throw conflict({ error: "Delivery attempt in progress" });

  await attemptDelivery(claims[0], { manual: true, timeoutMs: options.timeoutMs });
  const row = await db().webhookDelivery.findUniqueOrThrow({ where: { id: owned.id }, select: deliverySelect });
  return toWebhookDelivery(row);
}
