// DELETE /api/collections/:id/entries/:entryId: the entry with its versions and labels (the
// foreign keys cascade), entryCount and label counts in step, entry.deleted in the same
// transaction. The event carries the version and labels the entry had.
import { inSqlTransaction, type SqlRunner } from "../db-sql";
import { enqueueEvent } from "../webhooks/enqueue-event";
import { entryEventData } from "./entry-event-data";
import type { LabelRow } from "./entry-labels";
import { adjustLabelCounts } from "./label-counts";
import { lockCollectionEntry } from "./lock-collection-entry";
import type { Owner } from "./owner";

export async function deleteEntry(options: { owner: Owner; collectionId: string; entryId: string }, tx?: SqlRunner): Promise<{ success: true }> {
  const { owner, collectionId, entryId } = options;
  return inSqlTransaction(tx, async (tx) => {
    const { collection, entry: current } = await lockCollectionEntry(tx, { ownerId: owner.id, slug: collectionId, entryId });
    // The entry and (by cascade) its versions and labels; the labels as they were, for the event.
    const labels = await tx.$queryRaw<LabelRow[]>`
      WITH gone AS (DELETE FROM "Entry" WHERE id = ${entryId})
      SELECT name, version, meta FROM "EntryLabel" WHERE "entryId" = ${entryId}`;
    if (labels.length) await adjustLabelCounts(tx, collection.pk, labels.map((label) => label.name), -1);
    await enqueueEvent(tx, {
      ownerId: owner.id,
      project: owner.username,
      type: "entry.deleted",
      orderingKey: `entry:${entryId}`,
      data: entryEventData(collection.slug, { id: entryId, version: current.version, labels }),
    });
    await tx.$executeRaw`UPDATE "Collection" SET "entryCount" = "entryCount" - 1 WHERE pk = ${collection.pk}`;
    return { success: true };
  });
}
