// Retention (TEAMS.md: kept at least 365 days, AUDIT_RETENTION_DAYS): the cron tick deletes rows
// older than the period, oldest first, at most `batch` a tick so one tick stays short however far
// behind pruning is. The only DELETE the append-only trigger lets through besides an account's
// deletion (allow-audit-delete.ts).
import { sqlTransaction } from "../db-sql";
import { env } from "../env";
import { Prisma } from "../generated/prisma/client";
import { allowAuditDelete } from "./allow-audit-delete";

export async function pruneAuditLog(options: { now?: Date; batch?: number } = {}): Promise<{ pruned: number }> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - env.auditRetentionDays * 24 * 60 * 60 * 1000);
  const batch = options.batch ?? 5000;
  return sqlTransaction(async (tx) => {
    await allowAuditDelete(tx);
    const pruned = await tx.$executeRaw(Prisma.sql`
      DELETE FROM "AuditEvent" WHERE id IN (SELECT id FROM "AuditEvent" WHERE at < ${cutoff} ORDER BY at LIMIT ${batch})`);
    return { pruned };
  });
}
