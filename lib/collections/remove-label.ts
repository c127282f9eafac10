// DELETE /api/collections/:id/entries/:entryId/labels/:name: removes the pointer (removing
// `production` turns the entry back into a draft). The version it pointed at loses that pin and,
// once unpinned and outside the 10 newest, is pruned by the next write. Emits label.updated
// with `version: null` and the version it pointed at as `previousVersion`.
import { auditInsertSql } from "../audit/record-audit";
import { inSqlTransaction, lastStatement, type SqlRunner } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { notFound } from "../http/api-error";
import type { EventRow } from "../webhooks/enqueue-event";
import { adjustLabelCountsSql } from "./adjust-label-counts";
import { labelEventStatement } from "./label-event-statement";
import { lockCollectionEntry } from "./lock-collection-entry";
import type { Owner } from "./owner";
import { labelMoveSql } from "./record-label-move";

export async function removeLabel(
  options: { owner: Owner; collectionId: string; entryId: string; name: string },
  tx?: SqlRunner,
): Promise<{ success: true }> {
  const { owner, collectionId, entryId, name } = options;
  return inSqlTransaction(tx, async (tx) => {
    const { collection } = await lockCollectionEntry(tx, { ownerId: owner.id, slug: collectionId, entryId });
    // One statement, the transaction's last (sent with the COMMIT): the label row, -1 in its
    // count slot (./adjust-label-counts.ts), the label-history row (./record-label-move.ts)
    // and label.updated with the version the label pointed at; none of it when there was no label.
    const removed = Prisma.sql`EXISTS (SELECT 1 FROM removed)`;
    const now = new Date(); // the history row's time and the event's, as the flip has them
    const event = labelEventStatement({
      owner,
      collectionSlug: collection.slug,
      entryId,
      label: name,
      version: null,
      meta: null,
      previous: "removed",
      when: removed,
      at: now,
    });
    const audit = auditInsertSql({ action: "label.removed", target: { type: "label", id: `${entryId}:${name}`, name }, changes: { collection: collection.slug, entryId } }, removed);
    const statement = Prisma.sql`
      WITH removed AS (DELETE FROM "EntryLabel" WHERE "entryId" = ${entryId} AND name = ${name} RETURNING name, version),
      uncounted AS (${adjustLabelCountsSql(collection.pk, Prisma.sql`SELECT name FROM removed`, -1)}),
      recorded AS (${labelMoveSql({ owner, entryId, name, version: null, previousVersion: Prisma.sql`(SELECT version FROM removed)`, at: now, when: removed })}),
      ${audit ? Prisma.sql`audit AS (${audit}),` : Prisma.empty}
      ${event.ctes}
      SELECT ${removed} AS removed, ${event.columns}`;
    return lastStatement(statement, ([row]: ({ removed: boolean } & EventRow)[]) => {
      if (!row.removed) throw notFound("Label not found");
      event.delivered(row);
      return { success: true as const };
    });
  });
}
