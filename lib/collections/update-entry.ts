// PATCH /api/collections/:id/entries/:entryId (SPEC Entries, update rules): a new version under
// the entry's row lock, so concurrent PATCHes get v_2, v_3, ... with no gap and no duplicate;
// `ifVersion` is compared under that lock (a mismatch writes nothing). Labels never move, but
// their copy of the entry's updatedAt does; retention, the new version's reference index rows
// (pruned versions take theirs along: the index cascades) and entry.updated share the transaction.
import { auditInsertSql } from "../audit/record-audit";
import { inSqlTransaction, lastStatement, type SqlRunner } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { conflict } from "../http/api-error";
import { isUniqueViolation } from "../unique-violation";
import { eventStatement, type EventRow } from "../webhooks/enqueue-event";
import { checkReferences } from "./check-references";
import { entryEventData } from "./entry-event-data";
import { collectReferences } from "./entry-references";
import { LABELS_JSON } from "./entry-labels";
import type { UpdateEntryInput } from "./entry-input";
import { lockCollectionEntry } from "./lock-collection-entry";
import { projectEntry } from "./project-entry";
import { pruneVersionsSql } from "./prune-versions";
import { validateEntryData } from "./validate-entry-data";
import { writeReferences } from "./write-references";
import { formatVersion } from "./version-id";
import { versionAuthor, type Owner } from "./owner";

export async function updateEntry(
  options: { owner: Owner; collectionId: string; entryId: string; input: UpdateEntryInput },
  tx?: SqlRunner,
): Promise<{ id: string; version: string }> {
  const { owner, collectionId, entryId, input } = options;
  try {
    return await inSqlTransaction(tx, async (tx) => {
      // Invalid data is refused (400) before a missing entry is reported (404), as it always was;
      // the entry lock is now taken in the same round trip as the collection's, and the
      // validation runs while it is held (microseconds; a cached validator, no I/O).
      let data = ""; // the JSON text validation produced, stored as is
      const { collection, entry: current } = await lockCollectionEntry(tx, {
        ownerId: owner.id,
        slug: collectionId,
        entryId,
        check: (found) => {
          data = validateEntryData(found.parsedSchema, input.data);
        },
      });
      const projection = projectEntry(collection.parsedSchema.indexes, input.data);
      // Collections without reference fields do no reference work at all (no statement).
      const refs = collectReferences(collection.parsedSchema.fields, input.data);
      await checkReferences(tx, { ownerId: owner.id, entryId, refs });
      if (input.ifVersion !== undefined && input.ifVersion !== current.version) {
        throw conflict({ error: "version_conflict", current: formatVersion(current.version) });
      }
      const version = current.version + 1;
      const now = new Date();
      // The entry row, its new version, its labels' copy of updatedAt, retention and
      // entry.updated with its deliveries in one statement (one round trip instead of five, under
      // the same lock, in the same transaction), and without references the transaction's last
      // (sent with the COMMIT). The sub-statements share one snapshot: the prune's label check
      // sees the labels as they were, which this statement does not move. The event shows the
      // labels the statement finds. The data is sent once: the version copies the entry row.
      const { slug, title, summary, tag } = projection;
      const { authorType, authorId, authorPrefix } = versionAuthor(owner);
      const event = eventStatement(
        {
          ownerId: owner.id,
          project: owner.username,
          type: "entry.updated",
          orderingKey: `entry:${entryId}`,
          data: entryEventData(collection.slug, { id: entryId, version, labels: [] }),
          at: now,
        },
        Prisma.sql`true`,
        (built) => Prisma.sql`jsonb_set(${built}, '{data,entry,labels}', (SELECT ${LABELS_JSON} FROM labelled))`,
      );
      const audit = auditInsertSql({ action: "entry.updated", target: { type: "entry", id: entryId, name: title }, changes: { collection: collection.slug, version } }, Prisma.sql`EXISTS (SELECT 1 FROM entry)`);
      const statement = Prisma.sql`
        WITH entry AS (
          UPDATE "Entry" SET version = ${version}, data = ${data}::jsonb, slug = ${slug}, title = ${title},
            summary = ${summary}, tag = ${tag}, "updatedAt" = ${now}
          WHERE id = ${entryId}
          RETURNING id, version, data, slug, title, summary, tag, "updatedAt"),
        snapshot AS (
          INSERT INTO "EntryVersion" ("entryId", version, data, slug, title, summary, tag, "createdAt", "authorType", "authorId", "authorPrefix")
          SELECT id, version, data, slug, title, summary, tag, "updatedAt", ${authorType}, ${authorId}, ${authorPrefix} FROM entry),
        pruned AS (${pruneVersionsSql({ entryId, newest: version })}),
        labelled AS (UPDATE "EntryLabel" SET "entryUpdatedAt" = ${now} WHERE "entryId" = ${entryId} RETURNING name, version, meta),
        ${audit ? Prisma.sql`audit AS (${audit}),` : Prisma.empty}
        ${event.ctes}
        SELECT ${event.columns}`;
      const updated = { id: entryId, version: formatVersion(version) };
      const finish = ([row]: EventRow[]) => {
        event.delivered(row);
        return updated;
      };
      if (!refs.length) return lastStatement(statement, finish);
      finish(await tx.$queryRaw<EventRow[]>(statement));
      // The new version's reference index rows, after the version they belong to; this can still
      // refuse the write (a target deleted meanwhile), so it is not sent with the COMMIT.
      await writeReferences(tx, { entryId, version, refs });
      return updated;
    });
  } catch (err) {
    if (isUniqueViolation(err, "slug")) throw conflict({ error: "Slug already used" });
    throw err;
  }
}
