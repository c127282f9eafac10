// DELETE /api/collections/:id/entries/:entryId/labels/:name: removes the pointer (removing
// `production` turns the entry back into a draft). The version it pointed at loses that pin and,
// once unpinned and outside the 10 newest, is pruned by the next write. Emits label.updated
// with `version: null` and the version it pointed at as `previousVersion`.
import { inSqlTransaction, type SqlRunner } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { notFound } from "../http/api-error";
import { enqueueEvent } from "../webhooks/enqueue-event";
import { labelEventData } from "./entry-event-data";
import { adjustLabelCountsSql } from "./adjust-label-counts";
import { lockCollectionEntry } from "./lock-collection-entry";
import { recordLabelMove } from "./record-label-move";
import type { Owner } from "./owner";

export async function removeLabel(
  options: { owner: Owner; collectionId: string; entryId: string; name: string },
  tx?: SqlRunner,
): Promise<{ success: true }> {
  const { owner, collectionId, entryId, name } = options;
  return inSqlTransaction(tx, async (tx) => {
    const { collection } = await lockCollectionEntry(tx, { ownerId: owner.id, slug: collectionId, entryId });
    // The label row and -1 in its count slot (./adjust-label-counts.ts), in one statement.
    const removed = await tx.$queryRaw<{ version: number }[]>`
      WITH removed AS (DELETE FROM "EntryLabel" WHERE "entryId" = ${entryId} AND name = ${name} RETURNING name, version),
      uncounted AS (${adjustLabelCountsSql(collection.pk, Prisma.sql`SELECT name FROM removed`, -1)})
      SELECT version FROM removed`;
    if (!removed[0]) throw notFound("Label not found");
    await recordLabelMove(tx, { owner, entryId, name, version: null, previousVersion: removed[0].version });
    await enqueueEvent(tx, {
      ownerId: owner.id,
      project: owner.username,
      type: "label.updated",
      orderingKey: `entry:${entryId}`,
      data: labelEventData(collection.slug, { entryId, label: name, version: null, previousVersion: removed[0].version, meta: null }),
    });
    return { success: true };
  });
}
