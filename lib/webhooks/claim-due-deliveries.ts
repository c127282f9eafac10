// Claims due deliveries for one batch of attempts. One statement, so no transaction stays open
// across the HTTP calls that follow (which would also stall every other connection on the
// embedded PGlite):
// - FOR UPDATE SKIP LOCKED: concurrent claimers (two instances, cron plus after(), the ticker)
//   never get the same row; a row another claimer is locking is skipped, not waited for;
// - lockedUntil: a claimed row stays invisible to other claimers after this statement commits,
//   while its attempt runs; if the claimer dies, the row is claimable again once it passes;
// - per ordering key, only the lowest pending sequence of a subscription is claimable, so the
//   events of one entry (or post) reach each receiver in the order they were written, and a
//   claimed batch never holds two deliveries of one key (they can go out in parallel).
import { db } from "../db";

/** Longer than an attempt can take (10 s, DNS included, plus recording it). */
export const CLAIM_LOCK_MS = 2 * 60_000;

export type Claim = { id: string; lockedUntil: Date };

export async function claimDueDeliveries(options: {
  limit: number;
  /** Only these deliveries (the ones a request just created). */
  deliveryIds?: string[];
  /** Only this owner's subscriptions. */
  ownerId?: string;
}): Promise<Claim[]> {
  const now = new Date();
  const lockedUntil = new Date(now.getTime() + CLAIM_LOCK_MS);
  const ids = options.deliveryIds ?? null;
  const ownerId = options.ownerId ?? null;
  return db().$queryRaw<Claim[]>`
    UPDATE "WebhookDelivery" AS d
    SET "lockedUntil" = ${lockedUntil}::timestamp(3)
    WHERE d.id IN (
      SELECT c.id
      FROM "WebhookDelivery" c
      JOIN "WebhookSubscription" s ON s.id = c."subscriptionId"
      WHERE c.status = 'pending'
        AND s.active
        AND c."nextAttemptAt" <= ${now}::timestamp(3)
        AND (c."lockedUntil" IS NULL OR c."lockedUntil" <= ${now}::timestamp(3))
        AND NOT EXISTS (
          SELECT 1 FROM "WebhookDelivery" e
          WHERE e."subscriptionId" = c."subscriptionId"
            AND e."orderingKey" = c."orderingKey"
            AND e.sequence < c.sequence
            AND e.status = 'pending'
        )
        AND (${ids}::text[] IS NULL OR c.id = ANY(${ids}::text[]))
        AND (${ownerId}::text IS NULL OR s."ownerId" = ${ownerId}::text)
      ORDER BY c.sequence
      LIMIT ${options.limit}::int
      FOR UPDATE OF c SKIP LOCKED
    )
    RETURNING d.id, d."lockedUntil"`;
}
