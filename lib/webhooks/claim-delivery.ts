// The bare claim of one delivery for a manual attempt, for callers that have already checked the
// owner (claimForRedelivery; redeliver-failed through redeliverDeliveries). It claims like the
// tick does (lockedUntil), so it never runs alongside an automatic attempt of the same delivery;
// it does not wait for the ordering key or the retry schedule (the owner asked for it now).
import { db } from "../db";
import { conflict } from "../http/api-error";
import { CLAIM_LOCK_MS, type Claim } from "./claim-due-deliveries";

/** 409 while an attempt of it is in flight (or when it no longer exists: its subscription was deleted). */
export async function claimDelivery(deliveryId: string): Promise<Claim> {
  const now = new Date();
  const lockedUntil = new Date(now.getTime() + CLAIM_LOCK_MS);
  const claims = await db().$queryRaw<Claim[]>`
    UPDATE "WebhookDelivery"
    SET "lockedUntil" = ${lockedUntil}::timestamp(3)
    WHERE id = ${deliveryId} AND ("lockedUntil" IS NULL OR "lockedUntil" <= ${now}::timestamp(3))
    RETURNING id, "lockedUntil"`;
  if (!claims.length) throw conflict({ error: "Delivery attempt in progress" });
  return claims[0];
}
