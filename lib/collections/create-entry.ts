// POST /api/collections/:id/entries (SPEC Entries, create rules): validates and projects `data`,
// checks its references, writes the entry, v_1 and v_1's reference index rows, optionally points a
// label at v_1, keeps entryCount and the label count in step and emits entry.created then
// label.updated, all in one transaction.
//
// Raw statements on pg (lib/db-sql.ts), like the entry PATCH (issue 27: through Prisma this write
// was 0.24–0.29 of GET /api/health): the entry, v_1, entry.created, the label's row, count slot
// (./adjust-label-counts.ts), history row and label.updated when there is a label, and the
// collection's count slot (./adjust-entry-count.ts) are one statement, so a create is BEGIN with
// the collection lock, then that statement with COMMIT: two round trips. With references, their
// rows follow in a third statement, which may still refuse the create.
// Entry ids keep Prisma's cuid shape (lib/cuid.ts).
import { auditInsertSql } from "../audit/record-audit";
import { cuid } from "../cuid";
import { inSqlTransaction, lastStatement, type SqlRunner } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { conflict } from "../http/api-error";
import { isUniqueViolation } from "../unique-violation";
import { eventStatement, type EventRow, type EventStatement } from "../webhooks/enqueue-event";
import { entryEventData } from "./entry-event-data";
import { labelEventStatement } from "./label-event-statement";
import type { LabelsMap } from "./entry-labels";
import type { CreateEntryInput } from "./entry-input";
import { findCollection, type FoundCollection } from "./find-collection";
import { checkReferences } from "./check-references";
import { collectReferences } from "./entry-references";
import { adjustEntryCountSql } from "./adjust-entry-count";
import { adjustLabelCountsSql } from "./adjust-label-counts";
import { projectEntry } from "./project-entry";
import { labelMoveSql } from "./record-label-move";
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
      // entry.created carries the entry as the two-call flow would show it (no labels yet); the
      // label follows as its own label.updated (SPEC Events, ordering rule 1).
      const created = eventStatement({
        ownerId: owner.id,
        project: owner.username,
        type: "entry.created",
        orderingKey: `entry:${entryId}`,
        data: entryEventData(collection.slug, { id: entryId, version: 1, labels: [] }),
        at: now,
      });
      const labels: LabelsMap = {};
      const result = { id: entryId, version: formatVersion(1), labels };
      // The data and its projection are sent once: v_1 copies them from the entry row.
      // Everything is this one statement: the entry, v_1, entry.created, then with a label its
      // row, +1 in its count slot (./adjust-label-counts.ts), its history row and label.updated,
      // and last +1 in the entry count's slot. PostgreSQL promises no order among a statement's
      // sub-statements (in practice it runs those the SELECT reads as it reads them, and the rest
      // at the end, the last listed first), so the order that matters is made by reading: the
      // lock order (collection, entry, label count slot, entry count slot) by each of these CTEs
      // reading the one before (the label row reads `entry`, the count slot the label's), and the
      // events' by label.updated's `when` reading `event`, which gives it the higher sequence
      // (SPEC Events, ordering rule 1). The CTEs are listed in that order too. The count slot is
      // taken last because a create that shares this connection's slot queues on it until
      // COMMIT, so it is held as briefly as possible.
      const labelled = input.label !== undefined ? labelStatement({ owner, collection, entryId, name: input.label, at: now }) : null;
      // Its audit row (lib/audit) in the same statement, once the entry is in.
      const audit = auditInsertSql({ action: "entry.created", target: { type: "entry", id: entryId, name: title }, changes: { collection: collection.slug, ...(input.label !== undefined ? { label: input.label } : {}) } }, Prisma.sql`EXISTS (SELECT 1 FROM entry)`);
      const statement = Prisma.sql`
        WITH entry AS (
          INSERT INTO "Entry" (id, "collectionPk", version, data, slug, title, summary, tag, "createdAt", "updatedAt")
          VALUES (${entryId}, ${collection.pk}, 1, ${data}::jsonb, ${slug}, ${title}, ${summary}, ${tag}, ${now}, ${now})
          RETURNING id, data, slug, title, summary, tag, "createdAt"),
        snapshot AS (
          INSERT INTO "EntryVersion" ("entryId", version, data, slug, title, summary, tag, "createdAt", "authorType", "authorId", "authorPrefix")
          SELECT id, 1, data, slug, title, summary, tag, "createdAt", ${authorType}, ${authorId}, ${authorPrefix} FROM entry),
        ${created.ctes}${labelled ? Prisma.sql`,${labelled.ctes}` : Prisma.empty},
        ${audit ? Prisma.sql`audit AS (${audit}),` : Prisma.empty}
        counted AS (${adjustEntryCountSql(collection.pk, 1, { when: Prisma.sql`EXISTS (SELECT 1 FROM entry)`, after: labelled ? ["labelCounted"] : [] })})
        SELECT ${created.columns}${labelled ? Prisma.sql`, ${labelled.event.columns}` : Prisma.empty}`;
      const finish = ([row]: (EventRow & EventRow<"label">)[]) => {
        created.delivered(row);
        if (labelled) {
          labelled.event.delivered(row);
          labels[labelled.name] = { version: formatVersion(1), meta: null };
        }
        return result;
      };
      // Without references the statement goes out with the COMMIT. With them, writeReferences
      // may still refuse the create after the insert (a target deleted meanwhile), so it follows.
      if (!refs.length) return lastStatement(statement, finish);
      const written = finish(await tx.$queryRaw(statement));
      await writeReferences(tx, { entryId, version: 1, refs });
      return written;
    });
  } catch (err) {
    if (isUniqueViolation(err, "slug")) throw conflict({ error: "Slug already used" });
    throw err;
  }
}

/**
 * A create's label as CTEs of its statement: the label row at v_1 (read from the statement's
 * `entry`, so written after it), +1 in the label's count slot (after the row), the label-history
 * row and label.updated (CTEs `labelEvent`, `labelAudience`, `labelDelivered`), written after
 * entry.created (its `when` reads the statement's `event`). The entry count slot follows
 * `"labelCounted"`.
 */
function labelStatement(options: { owner: Owner; collection: FoundCollection; entryId: string; name: string; at: Date }): {
  name: string;
  ctes: Prisma.Sql;
  event: EventStatement<"label">;
} {
  const { owner, collection, entryId, name, at } = options;
  const event = labelEventStatement({
    owner,
    collectionSlug: collection.slug,
    entryId,
    label: name,
    version: 1,
    meta: null,
    when: Prisma.sql`EXISTS (SELECT 1 FROM event)`,
    at,
    prefix: "label",
  });
  const ctes = Prisma.sql`
    labelled AS (
      INSERT INTO "EntryLabel" ("entryId", "collectionPk", name, version, meta, "entryUpdatedAt", "createdAt", "updatedAt")
      SELECT id, ${collection.pk}, ${name}, 1, NULL, ${at}, ${at}, ${at} FROM entry
      RETURNING name),
    "labelCounted" AS (${adjustLabelCountsSql(collection.pk, Prisma.sql`SELECT name FROM labelled`, 1)} RETURNING name),
    recorded AS (${labelMoveSql({ owner, entryId, name, version: 1, previousVersion: null, at })}),
    ${event.ctes}`;
  return { name, ctes, event };
}
