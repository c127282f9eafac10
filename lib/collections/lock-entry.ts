// Every write to an entry's versions or labels (PATCH, PUT/DELETE label, DELETE) first locks the
// entry row. That is what numbers versions without gaps or duplicates under concurrent writes,
// and what keeps retention from pruning a version a concurrent PUT label is pointing at: the
// writes queue, and each one's statements see what the previous one committed.
import type { Tx } from "../db";
import { notFound } from "../http/api-error";

export type LockedEntry = { id: string; version: number; createdAt: Date; updatedAt: Date };

export async function lockEntry(tx: Tx, options: { collectionPk: string; entryId: string }): Promise<LockedEntry> {
  const rows = await tx.$queryRaw<LockedEntry[]>`
    SELECT id, version, "createdAt", "updatedAt" FROM "Entry"
    WHERE id = ${options.entryId} AND "collectionPk" = ${options.collectionPk} FOR UPDATE`;
  if (!rows[0]) throw notFound("Entry not found");
  return rows[0];
}
