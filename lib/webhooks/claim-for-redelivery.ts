// A manual redelivery claims its delivery like the tick does (lockedUntil), so it never runs
// alongside an automatic attempt of the same delivery; it does not wait for the ordering key or
// the retry schedule (the owner asked for it now).
import { db } from "../db";
import { conflict, notFound } from "../http/api-error";
import { CLAIM_LOCK_MS, type Claim } from "./claim-due-deliveries";

export async function claimForRedelivery(options: { ownerId: string; deliveryId: string; subscriptionId?: string }): Promise<Claim> {
  if (!options.ownerId) throw new Error("claimForRedelivery needs an owner");
  const owned = await db().webhookDelivery.findFirst({
    where: {
      id: options.deliveryId,
      ...(options.subscriptionId ? { subscriptionId: options.subscriptionId } : {}),
      subscription: { ownerId: options.ownerId },
    },
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
  return claims[0];
}
