// Bounded storage: settled mails (sent or given up, already without their bodies) are kept for
// MAIL_LOG_RETENTION_DAYS as a record of what was sent to whom, then deleted by the cron tick.
import { db } from "../db";

export const MAIL_LOG_RETENTION_DAYS = 30;

export async function pruneMailLog(options: { now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const before = new Date(now.getTime() - MAIL_LOG_RETENTION_DAYS * 24 * 60 * 60_000);
  const { count } = await db().mail.deleteMany({ where: { status: { in: ["sent", "failed"] }, createdAt: { lt: before } } });
  return count;
}
