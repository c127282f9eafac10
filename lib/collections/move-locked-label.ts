// The label move itself, for a caller that already holds the entry's lock (lockCollectionEntry):
// PUT label now (point-label.ts) and a scheduled move the tick applies (apply-due-label-moves.ts).
// Points the label at a retained version (404 Version not found otherwise), keeps the label
// count, records the move in the label history and emits label.updated, in the caller's
// transaction. A version losing its last label is left for the next write to prune.
import type { SqlRunner } from "../db-sql";
import { notFound } from "../http/api-error";
import { enqueueEvent } from "../webhooks/enqueue-event";
import { labelEventData } from "./entry-event-data";
import type { FoundCollection } from "./find-collection";
import { adjustLabelCounts } from "./label-counts";
import type { LockedEntry } from "./lock-collection-entry";
import { recordLabelMove } from "./record-label-move";
import { formatVersion } from "./version-id";
import type { Owner } from "./owner";

export type LabelResponse = { label: string; version: string; meta: unknown };

export async function moveLockedLabel(
  tx: SqlRunner,
  options: { owner: Owner; collection: FoundCollection; entry: LockedEntry; name: string; version: number; meta: unknown; scheduled?: boolean },
): Promise<LabelResponse> {
  const { owner, collection, entry, name, version, meta } = options;
  const entryId = entry.id;
  // A statement after the lock: it sees whatever the write we may have queued behind pruned.
  const [{ versionExists, previousVersion }] = await tx.$queryRaw<{ versionExists: boolean; previousVersion: number | null }[]>`
    SELECT EXISTS (SELECT 1 FROM "EntryVersion" WHERE "entryId" = ${entryId} AND version = ${version}) AS "versionExists",
           (SELECT version FROM "EntryLabel" WHERE "entryId" = ${entryId} AND name = ${name}) AS "previousVersion"`;
  if (!versionExists) throw notFound("Version not found");
  const metaValue = meta === null ? null : JSON.stringify(meta);
  const now = new Date();
  await tx.$executeRaw`
    INSERT INTO "EntryLabel" ("entryId", "collectionPk", name, version, meta, "entryUpdatedAt", "updatedAt")
    VALUES (${entryId}, ${collection.pk}, ${name}, ${version}, ${metaValue}, ${entry.updatedAt}, ${now})
    ON CONFLICT ("entryId", name) DO UPDATE SET version = EXCLUDED.version, meta = EXCLUDED.meta, "updatedAt" = EXCLUDED."updatedAt"`;
  if (previousVersion === null) await adjustLabelCounts(tx, collection.pk, [name], 1);
  await recordLabelMove(tx, { owner, entryId, name, version, previousVersion, at: now, scheduled: options.scheduled });
  await enqueueEvent(tx, {
    ownerId: owner.id,
    project: owner.username,
    type: "label.updated",
    orderingKey: `entry:${entryId}`,
    data: labelEventData(collection.slug, { entryId, label: name, version, previousVersion, meta }),
  });
  return { label: name, version: formatVersion(version), meta };
}
