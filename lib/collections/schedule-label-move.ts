// PUT label with `at` more than 5 s ahead (MODELING "Scheduled label moves"): records the move
// for the tick to make at that time (apply-due-label-moves.ts); the label does not move yet. The
// version must exist now (404 Version not found), though it may still be pruned before `at` (the
// move then fails with that reason). One pending move per entry and label: under the entry's
// row lock, a new one replaces the pending one in the same statement.
import { recordAudit } from "../audit/record-audit";
import { inSqlTransaction, type SqlRunner } from "../db-sql";
import { notFound } from "../http/api-error";
import { randomId } from "../random-id";
import { assertStorableJson } from "./json-text";
import { lockCollectionEntry } from "./lock-collection-entry";
import { actorFor, type Actor, type Owner } from "./owner";
import { formatVersion } from "./version-id";

export type ScheduledMoveCreated = { scheduled: { id: string; label: string; version: string; at: string; createdBy: Actor } };

export async function scheduleLabelMove(
  options: { owner: Owner; collectionId: string; entryId: string; name: string; version: number; meta: unknown; at: Date },
  tx?: SqlRunner,
): Promise<ScheduledMoveCreated> {
  const { owner, collectionId, entryId, name, version, at } = options;
  const meta = options.meta ?? null;
  const metaText = meta === null ? null : JSON.stringify(meta);
  if (metaText !== null) assertStorableJson(metaText, "meta");
  const actor = actorFor(owner);
  const id = randomId("sch");
  return inSqlTransaction(tx, async (tx) => {
    const { collection } = await lockCollectionEntry(tx, { ownerId: owner.id, slug: collectionId, entryId });
    const inserted = await tx.$queryRaw<{ id: string }[]>`
      WITH replaced AS (DELETE FROM "ScheduledLabelMove" WHERE "entryId" = ${entryId} AND name = ${name} AND status = 'pending')
      INSERT INTO "ScheduledLabelMove" (id, "collectionPk", "entryId", name, version, meta, at, "actorType", "actorId", "actorPrefix", "createdAt")
      SELECT ${id}, ${collection.pk}, ${entryId}, ${name}, ${version}, ${metaText}, ${at}, ${actor.type}, ${actor.id}, ${actor.prefix ?? null}, ${new Date()}
      WHERE EXISTS (SELECT 1 FROM "EntryVersion" WHERE "entryId" = ${entryId} AND version = ${version})
      RETURNING id`;
    // Nothing inserted: the version does not exist, and the throw rolls the replacement back too.
    if (!inserted.length) throw notFound("Version not found");
    await recordAudit(tx, { action: "label.scheduled", target: { type: "label", id: `${entryId}:${name}`, name }, changes: { collection: collection.slug, entryId, version: formatVersion(version), at: at.toISOString(), scheduleId: id } });
    return { scheduled: { id, label: name, version: formatVersion(version), at: at.toISOString(), createdBy: actor } };
  });
}
