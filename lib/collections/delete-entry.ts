// DELETE /api/collections/:id/entries/:entryId: the entry with its versions and labels (the
// foreign keys cascade, the reference index rows of its versions with them), entryCount and label
// counts in step, entry.deleted in the same transaction. The event carries the version and labels
// the entry had. An entry that other entries' current or labelled versions reference is a 409
// `Entry is referenced` listing them (at most 20), and nothing changes; `force` deletes it anyway,
// and those references then resolve as `deleted` (MODELING "Reference fields").
import { inSqlTransaction, type SqlRunner } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { conflict } from "../http/api-error";
import { enqueueEvent } from "../webhooks/enqueue-event";
import { entryEventData } from "./entry-event-data";
import type { LabelRow } from "./entry-labels";
import { adjustEntryCount } from "./adjust-entry-count";
import { adjustLabelCountsSql } from "./adjust-label-counts";
import { lockCollectionEntry } from "./lock-collection-entry";
import type { Owner } from "./owner";
import { REFERRERS_SHOWN, referrersSql, type Referrer } from "./referrers-sql";

export async function deleteEntry(
  options: { owner: Owner; collectionId: string; entryId: string; force?: boolean },
  tx?: SqlRunner,
): Promise<{ success: true }> {
  const { owner, collectionId, entryId } = options;
  const force = options.force === true;
  return inSqlTransaction(tx, async (tx) => {
    const { collection, entry: current } = await lockCollectionEntry(tx, { ownerId: owner.id, slug: collectionId, entryId, asTarget: true });
    // One statement: who references it, and unless someone does (or `force`), the entry and (by
    // cascade) its versions, labels and reference rows, and -1 in the count slot of each label it
    // had (./adjust-label-counts.ts); the labels as they were, for the event. The cascade runs at
    // the statement's end: the sub-statements all still see the entry's labels.
    const [outcome] = await tx.$queryRaw<{ deleted: boolean; labels: LabelRow[]; referencedBy: Referrer[] }[]>`
      WITH referrers AS (${referrersSql({ ownerId: owner.id, entryId, limit: REFERRERS_SHOWN })}),
      gone AS (DELETE FROM "Entry" WHERE id = ${entryId} AND (${force}::boolean OR NOT EXISTS (SELECT 1 FROM referrers)) RETURNING id),
      uncounted AS (${adjustLabelCountsSql(collection.pk, Prisma.sql`SELECT name FROM "EntryLabel" WHERE "entryId" = ${entryId} AND EXISTS (SELECT 1 FROM gone)`, -1)})
      SELECT EXISTS (SELECT 1 FROM gone) AS deleted,
        coalesce((SELECT json_agg(json_build_object('name', name, 'version', version, 'meta', meta)) FROM "EntryLabel" WHERE "entryId" = ${entryId}), '[]') AS labels,
        coalesce((SELECT json_agg(referrers) FROM referrers), '[]') AS "referencedBy"`;
    if (!outcome.deleted) throw conflict({ error: "Entry is referenced", referencedBy: outcome.referencedBy });
    const { labels } = outcome;
    await enqueueEvent(tx, {
      ownerId: owner.id,
      project: owner.username,
      type: "entry.deleted",
      orderingKey: `entry:${entryId}`,
      data: entryEventData(collection.slug, { id: entryId, version: current.version, labels }),
    });
    await adjustEntryCount(tx, collection.pk, -1);
    return { success: true };
  });
}
