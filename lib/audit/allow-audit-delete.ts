// The audit log's trigger (migration 20261127193000_audit_log) refuses every DELETE unless the
// transaction first ran this: the retention prune and an account's deletion of its own project
// are the only two callers. `set_config(..., true)` lasts until the transaction ends.
import { Prisma } from "../generated/prisma/client";
import type { SqlRunner } from "../db-sql";

export async function allowAuditDelete(tx: SqlRunner): Promise<void> {
  await tx.$queryRaw(Prisma.sql`SELECT set_config('inkbase.audit_delete', 'on', true)`);
}
