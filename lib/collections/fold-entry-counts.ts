// The cron tick moves what entry creates and deletes left in the count slots
// (./adjust-entry-count.ts) into Collection.entryCount, so a collection at rest has no slot rows
// and a slot's delta never grows without bound (creates on one connection, deletes on another).
// Readers are exact with or without it (./entry-count-sql.ts); this only keeps the slots few.
//
// One statement, so the sum leaves the slots and reaches the column in one commit and a reader's
// snapshot sees it either before or after. Why it is safe against the writers:
// - The collection rows are locked first, FOR NO KEY UPDATE SKIP LOCKED: entry writes hold them
//   FOR KEY SHARE, which does not conflict (writes go on, and are not skipped); a collection
//   locked FOR UPDATE (a schema change, a deletion) is skipped, never waited for, so the fold holds
//   no slot while it waits on a collection, which is the order writers take them in reverse.
// - The DELETE waits for a writer in flight on a slot and then, read committed, deletes the row as
//   that writer committed it, returning its delta: no increment is lost. A slot row committed
//   after the statement's snapshot is not seen, stays, and is folded next time.
// - A writer that then finds its slot gone inserts it afresh (ON CONFLICT waits for the DELETE's
//   commit and retries the insert).
import { sql } from "../db-sql";

export async function foldEntryCounts(): Promise<{ collections: number }> {
  const folded = await sql().$executeRaw`
    WITH locked AS (
      SELECT pk FROM "Collection" WHERE pk IN (SELECT "collectionPk" FROM "CollectionEntryCountSlot")
      FOR NO KEY UPDATE SKIP LOCKED),
    moved AS (
      DELETE FROM "CollectionEntryCountSlot" s USING locked WHERE s."collectionPk" = locked.pk
      RETURNING s."collectionPk", s.delta),
    sums AS (SELECT "collectionPk", sum(delta)::int AS delta FROM moved GROUP BY "collectionPk")
    UPDATE "Collection" c SET "entryCount" = c."entryCount" + sums.delta FROM sums WHERE c.pk = sums."collectionPk"`;
  return { collections: folded };
}
