// The cron tick moves what label inserts and deletes left in the label count slots
// (./adjust-label-counts.ts) into CollectionLabelCount, so a collection at rest has no slot rows
// and a slot's delta never grows without bound. Readers are exact with or without it
// (./label-count-sql.ts); this only keeps the slots few. The same design as the entry count's fold
// (./fold-entry-counts.ts), with one difference: it never waits for a writer.
//
// One statement, so a sum leaves the slots and reaches CollectionLabelCount in one commit and a
// reader's snapshot sees it either before or after. Why it is safe against the writers:
// - The collection rows are locked first, FOR NO KEY UPDATE SKIP LOCKED: label writes hold them
//   FOR KEY SHARE, which does not conflict (writes go on, and are not skipped); a collection
//   locked FOR UPDATE (a schema change, a deletion, whose cascade reaches the slots) is skipped,
//   never waited for.
// - The slot rows are then locked FOR UPDATE SKIP LOCKED: a slot a writer holds (its transaction
//   in flight) is left for the next fold. Unlike the entry count, one writer can hold several
//   label slots (an entry delete takes one per label, in name order); a fold that waited for one
//   while holding another could deadlock with it. A slot row committed after the statement's
//   snapshot is not seen either, stays, and is folded next time.
// - The rows it locked are deleted and their deltas returned: none is lost. A writer that then
//   finds its slot locked waits for this commit and, the row gone, inserts it afresh (ON CONFLICT
//   retries the insert).
// - CollectionLabelCount rows are written by nothing else once their collection is committed
//   (lib/portability/restore-collection.ts writes them for a collection of its own transaction),
//   and two folds never hold the same collection, so the upsert never waits.
import { sql } from "../db-sql";

export async function foldLabelCounts(): Promise<{ labels: number }> {
  const folded = await sql().$executeRaw`
    WITH locked AS (
      SELECT pk FROM "Collection" WHERE pk IN (SELECT "collectionPk" FROM "CollectionLabelCountSlot")
      FOR NO KEY UPDATE SKIP LOCKED),
    taken AS (
      SELECT s."collectionPk", s.name, s.slot FROM "CollectionLabelCountSlot" s
      WHERE s."collectionPk" IN (SELECT pk FROM locked)
      FOR UPDATE SKIP LOCKED),
    moved AS (
      DELETE FROM "CollectionLabelCountSlot" s USING taken t
      WHERE s."collectionPk" = t."collectionPk" AND s.name = t.name AND s.slot = t.slot
      RETURNING s."collectionPk", s.name, s.delta),
    sums AS (SELECT "collectionPk", name, sum(delta)::int AS delta FROM moved GROUP BY "collectionPk", name)
    INSERT INTO "CollectionLabelCount" ("collectionPk", name, "entryCount")
    SELECT "collectionPk", name, delta FROM sums ORDER BY "collectionPk", name
    ON CONFLICT ("collectionPk", name) DO UPDATE SET "entryCount" = "CollectionLabelCount"."entryCount" + EXCLUDED."entryCount"`;
  return { labels: folded };
}
