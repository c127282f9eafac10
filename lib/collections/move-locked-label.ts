// The label move itself, for a caller that already holds the entry's lock (lockCollectionEntry):
// PUT label now (point-label.ts) and a scheduled move the tick applies (apply-due-label-moves.ts).
// Points the label at a retained version (404 Version not found otherwise), keeps the label
// count, records the move in the label history and emits label.updated, as the last statement of
// the caller's transaction. A version losing its last label is left for the next write to prune.
import { auditInsertSql, type AuditEntry } from "../audit/record-audit";
import { lastStatement, type LastStatement } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { notFound } from "../http/api-error";
import { adjustLabelCountsSql } from "./adjust-label-counts";
import type { EventRow } from "../webhooks/enqueue-event";
import type { FoundCollection } from "./find-collection";
import { labelEventStatement } from "./label-event-statement";
import type { LockedEntry } from "./lock-collection-entry";
import { formatVersion } from "./version-id";
import type { Owner } from "./owner";
import { labelMoveSql } from "./record-label-move";

export type LabelResponse = { label: string; version: string; meta: unknown };

/**
 * The move as the caller's last statement (sqlTransaction sends it with the COMMIT;
 * runLastStatement runs it in a transaction the caller goes on with). When the version is gone it
 * writes nothing, and its `finish` reports 404.
 */
export function moveLockedLabel(
  options: {
    owner: Owner;
    collection: FoundCollection;
    entry: LockedEntry;
    name: string;
    version: number;
    meta: unknown;
    scheduled?: boolean;
    /** Outside a request (a scheduled move the tick makes): who the audit row names, and where. */
    auditAs?: Pick<AuditEntry, "actor" | "projectId" | "origin">;
  },
): LastStatement<LabelResponse> {
  const { owner, collection, entry, name, version, meta } = options;
  const entryId = entry.id;
  const metaValue = meta === null ? null : JSON.stringify(meta);
  const now = new Date();
  // The event's previousVersion is the label's position this statement reads.
  const event = labelEventStatement({
    owner,
    collectionSlug: collection.slug,
    entryId,
    label: name,
    version,
    meta,
    previous: "previous",
    when: Prisma.sql`EXISTS (SELECT 1 FROM target)`,
    at: now,
  });
  // One statement after the lock (it sees whatever the write we may have queued behind pruned):
  // the version check, the label's previous position, the move, +1 in the label's count slot when
  // the label is new here (./adjust-label-counts.ts), the label-history row
  // (./record-label-move.ts) and label.updated with its deliveries, each written only when the version exists.
  // These were five round trips, one each (issue 27: the label flip was 0.44–0.47 of GET /api/health).
  // The sub-statements share one snapshot, in which the entry lock already holds off every other
  // write to this entry's labels.
  // Its audit row (lib/audit): the request's actor, or for a scheduled move the tick makes, the
  // move's maker (`auditAs`): the change is theirs, made at the time they chose.
  const audit = auditInsertSql(
    {
      action: "label.moved",
      target: { type: "label", id: `${entryId}:${name}`, name },
      changes: { collection: collection.slug, entryId, version: formatVersion(version), ...(options.scheduled ? { scheduled: true } : {}) },
      ...options.auditAs,
    },
    Prisma.sql`EXISTS (SELECT 1 FROM target)`,
  );
  const query = Prisma.sql`
    WITH target AS (SELECT 1 FROM "EntryVersion" WHERE "entryId" = ${entryId} AND version = ${version}),
    previous AS (SELECT version FROM "EntryLabel" WHERE "entryId" = ${entryId} AND name = ${name}),
    moved AS (
      INSERT INTO "EntryLabel" ("entryId", "collectionPk", name, version, meta, "entryUpdatedAt", "updatedAt")
      SELECT ${entryId}, ${collection.pk}, ${name}, ${version}, ${metaValue}, ${entry.updatedAt}, ${now} WHERE EXISTS (SELECT 1 FROM target)
      ON CONFLICT ("entryId", name) DO UPDATE SET version = EXCLUDED.version, meta = EXCLUDED.meta, "updatedAt" = EXCLUDED."updatedAt"),
    counted AS (${adjustLabelCountsSql(collection.pk, Prisma.sql`SELECT ${name}::text AS name WHERE EXISTS (SELECT 1 FROM target) AND NOT EXISTS (SELECT 1 FROM previous)`, 1)}),
    recorded AS (${labelMoveSql({ owner, entryId, name, version, previousVersion: Prisma.sql`(SELECT version FROM previous)`, at: now, scheduled: options.scheduled, when: Prisma.sql`EXISTS (SELECT 1 FROM target)` })}),
    ${audit ? Prisma.sql`audit AS (${audit}),` : Prisma.empty}
    ${event.ctes}
    SELECT EXISTS (SELECT 1 FROM target) AS "versionExists", ${event.columns}`;
  return lastStatement<{ versionExists: boolean } & EventRow, LabelResponse>(query, ([row]) => {
    if (!row.versionExists) throw notFound("Version not found");
    event.delivered(row);
    return { label: name, version: formatVersion(version), meta };
  });
}
