// Storage per account (MEDIA.md): what its media files take (originals and variants), against
// its plan's allowance. Read inside the write's transaction, under the owner's lock, so two
// uploads at once cannot both fit in the same last megabytes.
import type { SqlRunner } from "../db-sql";
import { QUOTA_BYTES, quotaExceeded } from "./media-limits";

export type Quota = { used: number; limit: number; username: string };

export async function readQuota(tx: SqlRunner, ownerId: string): Promise<Quota> {
  if (!ownerId) throw new Error("readQuota needs an owner");
  const [row] = await tx.$queryRaw<{ username: string; plan: "free" | "pro"; used: bigint | null }[]>`
    SELECT u.username, u.plan::text AS plan, (SELECT SUM(m."storedBytes") FROM "Media" m WHERE m."ownerId" = u.id) AS used
    FROM "User" u WHERE u.id = ${ownerId}`;
  if (!row) throw new Error(`no user ${ownerId}`);
  return { used: Number(row.used ?? 0), limit: QUOTA_BYTES[row.plan], username: row.username };
}

/** 413 when `adding` more bytes would pass the plan's allowance. */
export function checkQuota(quota: Quota, adding: number): void {
  if (quota.used + adding > quota.limit) throw quotaExceeded(quota.used, quota.limit);
}

export async function lockOwnerMedia(tx: SqlRunner, ownerId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`inkbase:media:${ownerId}`}, 0))`;
}
