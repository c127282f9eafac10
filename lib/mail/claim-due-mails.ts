// Claims due mails for one batch of sends, in one statement, like the webhook deliveries'
// claim (lib/webhooks/claim-due-deliveries.ts): FOR UPDATE SKIP LOCKED keeps concurrent senders
// (the after-response run, the tick, a second instance) off each other's rows, and `lockedUntil`
// hides a claimed row until its send is recorded, or until it lapses if the sender died.
import { db } from "../db";

/** Longer than a send can take (the SMTP timeouts, plus recording it). */
export const MAIL_CLAIM_LOCK_MS = 2 * 60_000;

export type ClaimedMail = { id: string; to: string; subject: string; text: string | null; html: string | null; attemptCount: number };

export async function claimDueMails(options: { limit: number; mailIds?: string[] }): Promise<ClaimedMail[]> {
  const now = new Date();
  const lockedUntil = new Date(now.getTime() + MAIL_CLAIM_LOCK_MS);
  const ids = options.mailIds ?? null;
  return db().$queryRaw<ClaimedMail[]>`
    UPDATE "Mail" AS m
    SET "lockedUntil" = ${lockedUntil}::timestamp(3)
    WHERE m.id IN (
      SELECT c.id FROM "Mail" c
      WHERE c.status = 'pending'
        AND c."nextAttemptAt" <= ${now}::timestamp(3)
        AND (c."lockedUntil" IS NULL OR c."lockedUntil" <= ${now}::timestamp(3))
        AND (${ids}::text[] IS NULL OR c.id = ANY(${ids}::text[]))
      ORDER BY c."createdAt"
      LIMIT ${options.limit}::int
      FOR UPDATE OF c SKIP LOCKED
    )
    RETURNING m.id, m."to", m.subject, m.text, m.html, m."attemptCount"`;
}
