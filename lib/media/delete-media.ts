// DELETE /api/media/:id – refused with 409 and `usedBy` while anything uses the medium, unless
// `force`. The row and media.deleted go in one transaction; the files after it commits. Serving
// looks the row up on every request, so the medium is 404 at once, files or not; a file the
// store fails to delete now has no row and the orphan sweep removes it later.
import { recordAudit } from "../audit/record-audit";
import { postCacheTags } from "../cache/post-cache-tags";
import { purgeAfterResponse, purgeAvailable } from "../cache/purge-after-response";
import { db } from "../db";
import { conflict } from "../http/api-error";
import { logger } from "../log/logger";
import { enqueueEvent } from "../webhooks/enqueue-event";
import { findMediaUsage } from "./find-media-usage";
import { mediaNotFound } from "./get-media";
import { mediaEventData } from "./media-event-data";
import { mediaFileKeys } from "./media-file-keys";
import { mediaStorage, type MediaStorage } from "./storage";

export async function deleteMedia(options: { ownerId: string; id: string; force: boolean; storage?: MediaStorage }): Promise<{ success: true }> {
  if (!options.ownerId) throw new Error("deleteMedia needs an owner");
  const storage = options.storage ?? mediaStorage();
  let usedByPosts: string[] = [];
  const row = await db().$transaction(async (tx) => {
    const found = await tx.media.findFirst({ where: { id: options.id, ownerId: options.ownerId }, include: { owner: { select: { username: true } } } });
    if (!found) throw mediaNotFound();
    // Where a purge can happen (Vercel), a forced delete purges the posts that showed it.
    if (!options.force || purgeAvailable()) {
      const usedBy = (await findMediaUsage(tx, options.ownerId, [found.id])).get(found.id) ?? [];
      if (usedBy.length && !options.force) throw conflict({ error: "Media is in use", usedBy });
      usedByPosts = usedBy.flatMap((use) => (use.type === "post" ? [use.id] : []));
    }
    await tx.media.delete({ where: { id: found.id } });
    await enqueueEvent(tx, {
      ownerId: options.ownerId,
      project: found.owner.username,
      type: "media.deleted",
      orderingKey: `media:${found.id}`,
      data: mediaEventData(found),
    });
    await recordAudit(tx, { action: "media.deleted", target: { type: "media", id: found.id, name: found.filename }, ...(options.force ? { changes: { force: true } } : {}) });
    return found;
  });
  if (usedByPosts.length) purgeAfterResponse("media deleted", () => postCacheTags(usedByPosts));
  await storage.delete(mediaFileKeys(row)).catch((err: unknown) => logger().warn({ err, id: row.id }, "media files left for the orphan sweep"));
  return { success: true };
}
