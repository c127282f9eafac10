// POST /api/collections/:id/entries (SPEC Entries, create rules): validates and projects `data`,
// checks its references, writes the entry, v_1 and v_1's reference index rows, optionally points a
// label at v_1, keeps entryCount and the label count in step and emits entry.created then
// label.updated, all in one transaction.
import type { Tx } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { conflict } from "../http/api-error";
import { isUniqueViolation } from "../unique-violation";
import { enqueueEvent } from "../webhooks/enqueue-event";
import { entryEventData, labelEventData } from "./entry-event-data";
import type { LabelsMap } from "./entry-labels";
import type { CreateEntryInput } from "./entry-input";
import { findCollection } from "./find-collection";
import { inTransaction } from "./in-transaction";
import { checkReferences } from "./check-references";
import { collectReferences } from "./entry-references";
import { adjustLabelCounts } from "./label-counts";
import { projectEntry } from "./project-entry";
import { recordLabelMove } from "./record-label-move";
import { validateEntryData } from "./validate-entry-data";
import { writeReferences } from "./write-references";
import { formatVersion } from "./version-id";
import { versionAuthor, type Owner } from "./owner";

export type CreatedEntry = { id: string; version: string; labels: LabelsMap };

export async function createEntry(
  options: { owner: Owner; collectionId: string; input: CreateEntryInput },
  tx?: Tx,
): Promise<CreatedEntry> {
  const { owner, collectionId, input } = options;
  try {
    return await inTransaction(tx, async (tx) => {
      const collection = await findCollection(tx, { ownerId: owner.id, slug: collectionId, lock: "key share" });
      validateEntryData(collection.parsedSchema, input.data);
      const refs = collectReferences(collection.parsedSchema.fields, input.data);
      await checkReferences(tx, { ownerId: owner.id, refs });
      const projection = projectEntry(collection.parsedSchema.indexes, input.data);
      const data = input.data as Prisma.InputJsonObject;
      const now = new Date();
      const entry = await tx.entry.create({
        data: { collectionPk: collection.pk, version: 1, data, ...projection, createdAt: now, updatedAt: now },
        select: { id: true },
      });
      await tx.entryVersion.create({ data: { entryId: entry.id, version: 1, data, ...projection, createdAt: now, ...versionAuthor(owner) } });
      await writeReferences(tx, { entryId: entry.id, version: 1, refs });
      const event = { ownerId: owner.id, project: owner.username, orderingKey: `entry:${entry.id}` };
      // entry.created carries the entry as the two-call flow would show it (no labels yet); the
      // label follows as its own label.updated (SPEC Events, ordering rule 1).
      await enqueueEvent(tx, { ...event, type: "entry.created", data: entryEventData(collection.slug, { id: entry.id, version: 1, labels: [] }), at: now });

      const labels: LabelsMap = {};
      if (input.label !== undefined) {
        await tx.entryLabel.create({
          data: { entryId: entry.id, collectionPk: collection.pk, name: input.label, version: 1, meta: null, entryUpdatedAt: now },
        });
        await adjustLabelCounts(tx, collection.pk, [input.label], 1);
        await recordLabelMove(tx, { owner, entryId: entry.id, name: input.label, version: 1, previousVersion: null, at: now });
        await enqueueEvent(tx, {
          ...event,
          type: "label.updated",
          data: labelEventData(collection.slug, { entryId: entry.id, label: input.label, version: 1, previousVersion: null, meta: null }),
          at: now,
        });
        labels[input.label] = { version: formatVersion(1), meta: null };
      }
      // Last, so the collection row (every create in the collection updates it) is held briefly.
      await tx.$executeRaw`UPDATE "Collection" SET "entryCount" = "entryCount" + 1 WHERE pk = ${collection.pk}`;
      return { id: entry.id, version: formatVersion(1), labels };
    });
  } catch (err) {
    if (isUniqueViolation(err, "slug")) throw conflict({ error: "Slug already used" });
    throw err;
  }
}
