// PUT /api/collections/:id/entries/:entryId/labels/:name (SPEC Labels): points the label at a
// retained version (publish, promote or roll back when it is `production`). Under the entry's
// row lock, so a concurrent write's retention either ran before (and the version is gone: 404)
// or runs after and sees the pin. A version losing its last label is left for the next write
// to prune. Emits label.updated with the previous version and records the move (label history).
import { inSqlTransaction, type SqlRunner } from "../db-sql";
import { notFound } from "../http/api-error";
import { enqueueEvent } from "../webhooks/enqueue-event";
import { labelEventData } from "./entry-event-data";
import { assertStorableJson } from "./json-text";
import { adjustLabelCounts } from "./label-counts";
import type { PutLabelInput } from "./label-input";
import { lockCollectionEntry } from "./lock-collection-entry";
import { recordLabelMove } from "./record-label-move";
import { formatVersion } from "./version-id";
import type { Owner } from "./owner";

export type LabelResponse = { label: string; version: string; meta: unknown };

export async function pointLabel(
  options: { owner: Owner; collectionId: string; entryId: string; name: string; input: PutLabelInput },
  tx?: SqlRunner,
): Promise<LabelResponse> {
  const { owner, collectionId, entryId, name, input } = options;
  const meta = input.meta ?? null;
  assertStorableJson(JSON.stringify(meta), "meta");
  return inSqlTransaction(tx, async (tx) => {
    const { collection, entry } = await lockCollectionEntry(tx, { ownerId: owner.id, slug: collectionId, entryId });
    // A statement after the lock: it sees whatever the write we may have queued behind pruned.
    const [{ versionExists, previousVersion }] = await tx.$queryRaw<{ versionExists: boolean; previousVersion: number | null }[]>`
      SELECT EXISTS (SELECT 1 FROM "EntryVersion" WHERE "entryId" = ${entryId} AND version = ${input.version}) AS "versionExists",
             (SELECT version FROM "EntryLabel" WHERE "entryId" = ${entryId} AND name = ${name}) AS "previousVersion"`;
    if (!versionExists) throw notFound("Version not found");
    const metaValue = meta === null ? null : JSON.stringify(meta);
    const now = new Date();
    await tx.$executeRaw`
      INSERT INTO "EntryLabel" ("entryId", "collectionPk", name, version, meta, "entryUpdatedAt", "updatedAt")
      VALUES (${entryId}, ${collection.pk}, ${name}, ${input.version}, ${metaValue}, ${entry.updatedAt}, ${now})
      ON CONFLICT ("entryId", name) DO UPDATE SET version = EXCLUDED.version, meta = EXCLUDED.meta, "updatedAt" = EXCLUDED."updatedAt"`;
    if (previousVersion === null) await adjustLabelCounts(tx, collection.pk, [name], 1);
    await recordLabelMove(tx, { owner, entryId, name, version: input.version, previousVersion, at: now });
    await enqueueEvent(tx, {
      ownerId: owner.id,
      project: owner.username,
      type: "label.updated",
      orderingKey: `entry:${entryId}`,
      data: labelEventData(collection.slug, { entryId, label: name, version: input.version, previousVersion, meta }),
    });
    return { label: name, version: formatVersion(input.version), meta };
  });
}
