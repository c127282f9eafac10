// PATCH /api/media/:id – `{ alt?, filename? }`. The URL keeps the name it was uploaded with
// (URLs are cached for a year and written into posts); a new `filename` is what is shown and
// searched.
import { recordAudit } from "../audit/record-audit";
import { postCacheTags } from "../cache/post-cache-tags";
import { purgeAfterResponse } from "../cache/purge-after-response";
import { db } from "../db";
import { findMediaUsage } from "./find-media-usage";
import { mediaNotFound } from "./get-media";
import { mediaSelect } from "./media-select";
import { cleanAlt, cleanFilename } from "./media-text";
import { toMedia, type MediaResponse } from "./to-media";

export async function updateMedia(options: { ownerId: string; id: string; input: { alt?: string; filename?: string } }): Promise<MediaResponse> {
  if (!options.ownerId) throw new Error("updateMedia needs an owner");
  const { alt, filename } = options.input;
  const data = {
    ...(alt === undefined ? {} : { alt: cleanAlt(alt) }),
    ...(filename === undefined ? {} : { filename: cleanFilename(filename) }),
  };
  // The change and its audit row together; none when the medium is not the caller's (404).
  const count = await db().$transaction(async (tx) => {
    const updated = await tx.media.updateMany({ where: { id: options.id, ownerId: options.ownerId }, data });
    if (updated.count) await recordAudit(tx, { action: "media.updated", target: { type: "media", id: options.id }, changes: { fields: Object.keys(data) } });
    return updated.count;
  });
  if (count === 0) throw mediaNotFound();
  const row = await db().media.findFirstOrThrow({ where: { id: options.id, ownerId: options.ownerId }, select: mediaSelect });
  const usage = await findMediaUsage(db(), options.ownerId, [row.id]);
  // Posts render a medium's images from its row: those that use it are purged after the answer.
  const postIds = (usage.get(row.id) ?? []).flatMap((use) => (use.type === "post" ? [use.id] : []));
  if (postIds.length) purgeAfterResponse("media updated", () => postCacheTags(postIds));
  return toMedia(row, usage.get(row.id) ?? []);
}
