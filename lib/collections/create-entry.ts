// POST /api/collections/:id/entries (SPEC Entries, create rules): validates and projects `data`,
// checks its references, writes the entry, v_1 and v_1's reference index rows, optionally points a
// label at v_1, keeps entryCount and the label count in step and emits entry.created then
// label.updated, all in one transaction.
//
// Raw statements on pg (lib/db-sql.ts), like the entry PATCH (issue 27: through Prisma this write
// was 0.24–0.29 of GET /api/health): the entry, v_1, entry.created and the collection's count slot
// (./adjust-entry-count.ts) are one statement, so a create without a label or references is BEGIN
// with the collection lock, then that statement with COMMIT: two round trips. A label adds one
// statement for the label row and its count slot (./adjust-label-counts.ts), then its history
// row and event. Entry ids keep Prisma's cuid shape (lib/cuid.ts).
import { cuid } from "../cuid";
import { inSqlTransaction, lastStatement, type SqlRunner } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { conflict } from "../http/api-error";
import { isUniqueViolation } from "../unique-violation";
import { enqueueEvent, eventStatement, type EventRow } from "../webhooks/enqueue-event";
import { entryEventData, labelEventData } from "./entry-event-data";
import type { LabelsMap } from "./entry-labels";
import type { CreateEntryInput } from "./entry-input";
import { findCollection } from "./find-collection";
import { checkReferences } from "./check-references";
import { collectReferences } from "./entry-references";
import { adjustEntryCount, entryCountSql } from "./adjust-entry-count";
import { adjustLabelCountsSql } from "./adjust-label-counts";
import { projectEntry } from "./project-entry";
import { recordLabelMove } from "./record-label-move";
import { validateEntryData } from "./validate-entry-data";
import { writeReferences } from "./write-references";
import { formatVersion } from "./version-id";
import { versionAuthor, type Owner } from "./owner";

export type CreatedEntry = { id: string; version: string; labels: LabelsMap };

export async function createEntry(
  options: { owner: Owner; collectionId: string; input: CreateEntryInput },
  tx?: SqlRunner,
): Promise<CreatedEntry> {
  const { owner, collectionId, input } = options;
  try {
    return await inSqlTransaction(tx, async (tx) => {
      const collection = await findCollection(tx, { ownerId: owner.id, slug: collectionId, lock: "key share" });
      const data = validateEntryData(collection.parsedSchema, input.data); // the JSON text, stored as is
      const refs = collectReferences(collection.parsedSchema.fields, input.data);
      await checkReferences(tx, { ownerId: owner.id, refs });
      const { slug, title, summary, tag } = projectEntry(collection.parsedSchema.indexes, input.data);
      const { authorType, authorId, authorPrefix } = versionAuthor(owner);
      const now = new Date();
      const entryId = cuid();
      const event = { ownerId: owner.id, project: owner.username, orderingKey: `entry:${entryId}` };
      // entry.created carries the entry as the two-call flow would show it (no labels yet); the
      // label follows as its own label.updated (SPEC Events, ordering rule 1).
      const created = eventStatement({ ...event, type: "entry.created", data: entryEventData(collection.slug, { id: entryId, version: 1, labels: [] }), at: now });
      const labels: LabelsMap = {};
      const result = { id: entryId, version: formatVersion(1), labels };
      // The data and its projection are sent once: v_1 copies them from the entry row.
      // The count slot is taken last: a create that shares this connection's slot queues on it
      // until COMMIT, so it is held as briefly as possible (lock order: collection, entry, label
      // count slot, this slot). Without references or a label, that is this one statement, sent
      // with the COMMIT.
      const alone = !refs.length && input.label === undefined;
      const statement = Prisma.sql`
        WITH entry AS (
          INSERT INTO "Entry" (id, "collectionPk", version, data, slug, title, summary, tag, "createdAt", "updatedAt")
          VALUES (${entryId}, ${collection.pk}, 1, ${data}::jsonb, ${slug}, ${title}, ${summary}, ${tag}, ${now}, ${now})
          RETURNING id, data, slug, title, summary, tag, "createdAt"),
        snapshot AS (
          INSERT INTO "EntryVersion" ("entryId", version, data, slug, title, summary, tag, "createdAt", "authorType", "authorId", "authorPrefix")
          SELECT id, 1, data, slug, title, summary, tag, "createdAt", ${authorType}, ${authorId}, ${authorPrefix} FROM entry),
        ${created.ctes}${alone ? Prisma.sql`, counted AS (${entryCountSql(collection.pk, 1)})` : Prisma.empty}
        SELECT ${created.columns}`;
      if (alone) {
        return lastStatement(statement, ([row]: EventRow[]) => {
          created.delivered(row);
          return result;
        });
      }
      created.delivered((await tx.$queryRaw<EventRow[]>(statement))[0]);
      await writeReferences(tx, { entryId, version: 1, refs });

      if (input.label !== undefined) {
        // The label row and its count slot (./adjust-label-counts.ts) in one statement.
        await tx.$executeRaw`
          WITH labelled AS (
            INSERT INTO "EntryLabel" ("entryId", "collectionPk", name, version, meta, "entryUpdatedAt", "createdAt", "updatedAt")
            VALUES (${entryId}, ${collection.pk}, ${input.label}, 1, NULL, ${now}, ${now}, ${now})
            RETURNING name)
          ${adjustLabelCountsSql(collection.pk, Prisma.sql`SELECT name FROM labelled`, 1)}`;
        await recordLabelMove(tx, { owner, entryId, name: input.label, version: 1, previousVersion: null, at: now });
        await enqueueEvent(tx, {
          ...event,
          type: "label.updated",
          data: labelEventData(collection.slug, { entryId, label: input.label, version: 1, previousVersion: null, meta: null }),
          at: now,
        });
        labels[input.label] = { version: formatVersion(1), meta: null };
      }
      await adjustEntryCount(tx, collection.pk, 1);
      return result;
    });
  } catch (err) {
    if (isUniqueViolation(err, "slug")) throw conflict({ error: "Slug already used" });
    throw err;
  }
}
