// A collection's exact entry count as an SQL expression: Collection.entryCount plus the deltas
// that creates and deletes left in its slots (./adjust-entry-count.ts) and the cron tick has not
// folded in yet (./fold-entry-counts.ts). At most ENTRY_COUNT_SLOTS rows, read through their
// primary key, so it costs the same at any collection size. Both parts are read in one statement,
// hence from one snapshot: a fold, which moves the sum from the slots to the column in one
// transaction, is never seen half done.
import { Prisma } from "../generated/prisma/client";

/** `alias`: the "Collection" row's alias in the surrounding query. */
export function entryCountSql(alias: string): Prisma.Sql {
  const c = Prisma.raw(alias);
  return Prisma.sql`(${c}."entryCount" + coalesce((SELECT sum(s.delta) FROM "CollectionEntryCountSlot" s WHERE s."collectionPk" = ${c}.pk), 0))::int`;
}
