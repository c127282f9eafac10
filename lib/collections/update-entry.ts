// PATCH /api/collections/:id/entries/:entryId (SPEC Entries, update rules): a new version under
// the entry's row lock, so concurrent PATCHes get v_2, v_3, ... with no gap and no duplicate;
// `ifVersion` is compared under that lock (a mismatch writes nothing). Labels never move, but
// their copy of the entry's updatedAt does; retention and entry.updated share the transaction.
import type { Tx } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { conflict } from "../http/api-error";
import { isUniqueViolation } from "../unique-violation";
import { enqueueEvent } from "../webhooks/enqueue-event";
import { entryEventData } from "./entry-event-data";
import type { LabelRow } from "./entry-labels";
import type { UpdateEntryInput } from "./entry-input";
import { findCollection } from "./find-collection";
import { inTransaction } from "./in-transaction";
import { lockEntry } from "./lock-entry";
import { projectEntry } from "./project-entry";
import { pruneVersions } from "./prune-versions";
import { validateEntryData } from "./validate-entry-data";
import { formatVersion } from "./version-id";
import { versionAuthor, type Owner } from "./owner";

export async function updateEntry(
  options: { owner: Owner; collectionId: string; entryId: string; input: UpdateEntryInput },
  tx?: Tx,
): Promise<{ id: string; version: string }> {
  const { owner, collectionId, entryId, input } = options;
  try {
    return await inTransaction(tx, async (tx) => {
      const collection = await findCollection(tx, { ownerId: owner.id, slug: collectionId, lock: "key share" });
      // Judge the data before taking the entry lock, so invalid requests never hold up the queue.
      validateEntryData(collection.parsedSchema, input.data);
      const projection = projectEntry(collection.parsedSchema.indexes, input.data);
      const current = await lockEntry(tx, { collectionPk: collection.pk, entryId });
      if (input.ifVersion !== undefined && input.ifVersion !== current.version) {
        throw conflict({ error: "version_conflict", current: formatVersion(current.version) });
      }
      const version = current.version + 1;
      const data = input.data as Prisma.InputJsonObject;
      const now = new Date();
      await tx.entry.update({ where: { id: entryId }, data: { version, data, ...projection, updatedAt: now } });
      await tx.entryVersion.create({ data: { entryId, version, data, ...projection, createdAt: now, ...versionAuthor(owner) } });
      const labels = await tx.$queryRaw<LabelRow[]>`
        UPDATE "EntryLabel" SET "entryUpdatedAt" = ${now} WHERE "entryId" = ${entryId} RETURNING name, version, meta`;
      await pruneVersions(tx, { entryId, newest: version });
      await enqueueEvent(tx, {
        ownerId: owner.id,
        project: owner.username,
        type: "entry.updated",
        orderingKey: `entry:${entryId}`,
        data: entryEventData(collection.slug, { id: entryId, version, labels }),
        at: now,
      });
      return { id: entryId, version: formatVersion(version) };
    });
  } catch (err) {
    if (isUniqueViolation(err, "slug")) throw conflict({ error: "Slug already used" });
    throw err;
  }
}
