// Keeps the delivery log bounded (run by every cron tick): attempts older than the retention
// period (WEBHOOK_LOG_RETENTION_DAYS, default 30) are deleted, and so are settled deliveries
// (succeeded or failed) created before it, with whatever attempts they still have. Pending
// deliveries stay whatever their age: they are still owed to a receiver. Deletes go in bounded
// batches so one tick never holds a long lock or a huge transaction; what is left waits for the
// next tick. Outbox events are not this function's business.
import { db } from "../db";
import { env } from "../env";

const BATCH = 2000;
const MAX_BATCHES = 10;
const DAY_MS = 24 * 60 * 60_000;

export type PruneResult = { attempts: number; deliveries: number };

export async function pruneWebhookLog(options: { now?: Date; retentionDays?: number } = {}): Promise<PruneResult> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - (options.retentionDays ?? env.webhookLogRetentionDays) * DAY_MS);
  const result: PruneResult = { attempts: 0, deliveries: 0 };
  for (let i = 0; i < MAX_BATCHES; i++) {
    const deleted = await db().$executeRaw`
      DELETE FROM "WebhookDelivery" WHERE id IN (
        SELECT id FROM "WebhookDelivery"
        WHERE "createdAt" < ${cutoff}::timestamp(3) AND status <> 'pending'
        LIMIT ${BATCH}::int)`;
    result.deliveries += deleted;
    if (deleted < BATCH) break;
  }
  for (let i = 0; i < MAX_BATCHES; i++) {
    const deleted = await db().$executeRaw`
      DELETE FROM "WebhookAttempt" WHERE id IN (
        SELECT id FROM "WebhookAttempt" WHERE "startedAt" < ${cutoff}::timestamp(3) LIMIT ${BATCH}::int)`;
    result.attempts += deleted;
    if (deleted < BATCH) break;
  }
  return result;
}
