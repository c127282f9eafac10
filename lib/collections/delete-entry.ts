// DELETE /api/collections/:id/entries/:entryId: the entry with its versions and labels (the
// foreign keys cascade, the reference index rows of its versions with them), entryCount and label
// counts in step, entry.deleted in the same transaction. The event carries the version and labels
// the entry had. An entry that other entries' current or labelled versions reference is a 409
// `Entry is referenced` listing them (at most 20), and nothing changes; `force` deletes it anyway,
// and those references then resolve as `deleted` (MODELING "Reference fields").
import { auditInsertSql } from "../audit/record-audit";
import { inSqlTransaction, lastStatement, type SqlRunner } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { conflict } from "../http/api-error";
import { eventStatement, type EventRow } from "../webhooks/enqueue-event";
import { entryEventData } from "./entry-event-data";
import { LABELS_JSON } from "./entry-labels";
import { adjustEntryCountSql } from "./adjust-entry-count";
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
    // One statement, the transaction's last (sent with the COMMIT): who references it, and
    // unless someone does (or `force`), the entry and (by cascade) its versions, labels and
    // reference rows, -1 in the count slot of each label it had (./adjust-label-counts.ts),
    // entry.deleted with the labels as they were, and -1 in the entry count's slot
    // (./adjust-entry-count.ts). The cascade runs at the statement's end: the sub-statements all
    // still see the entry's labels. A refused delete writes none of it. PostgreSQL runs the
    // sub-statements nothing reads last-listed first, so the entry count's is made to follow the
    // label counts' (`after`): their slots are locked first (the lock order, find-collection.ts).
    const deleted = Prisma.sql`EXISTS (SELECT 1 FROM gone)`;
    const event = eventStatement(
      {
        ownerId: owner.id,
        project: owner.username,
        type: "entry.deleted",
        orderingKey: `entry:${entryId}`,
        data: entryEventData(collection.slug, { id: entryId, version: current.version, labels: [] }),
      },
      deleted,
      (built) => Prisma.sql`jsonb_set(${built}, '{data,entry,labels}', (SELECT ${LABELS_JSON} FROM "EntryLabel" WHERE "entryId" = ${entryId}))`,
    );
    const audit = auditInsertSql({ action: "entry.deleted", target: { type: "entry", id: entryId }, changes: { collection: collection.slug, ...(force ? { force } : {}) } }, deleted);
    const statement = Prisma.sql`
      WITH referrers AS (${referrersSql({ ownerId: owner.id, entryId, limit: REFERRERS_SHOWN })}),
      gone AS (DELETE FROM "Entry" WHERE id = ${entryId} AND (${force}::boolean OR NOT EXISTS (SELECT 1 FROM referrers)) RETURNING id),
      uncounted AS (${adjustLabelCountsSql(collection.pk, Prisma.sql`SELECT name FROM "EntryLabel" WHERE "entryId" = ${entryId} AND EXISTS (SELECT 1 FROM gone)`, -1)} RETURNING name),
      ${event.ctes},
      ${audit ? Prisma.sql`audit AS (${audit}),` : Prisma.empty}
      counted AS (${adjustEntryCountSql(collection.pk, -1, { when: deleted, after: ["uncounted"] })})
      SELECT ${deleted} AS deleted, coalesce((SELECT json_agg(referrers) FROM referrers), '[]') AS "referencedBy", ${event.columns}`;
    return lastStatement(statement, ([outcome]: ({ deleted: boolean; referencedBy: Referrer[] } & EventRow)[]) => {
      if (!outcome.deleted) throw conflict({ error: "Entry is referenced", referencedBy: outcome.referencedBy });
      event.delivered(outcome);
      return { success: true as const };
    });
  });
}
