// A batch that rolls back leaves no medium behind: the images its posts copied into the library
// (outside its transaction: storing files cannot be part of one) are deleted again, files and
// all, with their ImportedMedia records. A medium something else uses by now — a post of an
// earlier batch, one the author just wrote — stays (deleteMedia refuses it while in use).
import { db } from "../db";
import { ApiError } from "../http/api-error";
import { deleteMedia } from "../media/delete-media";

export async function discardBatchCopies(input: { ownerId: string; importId: string; mediaIds: string[] }): Promise<string[]> {
  if (!input.ownerId) throw new Error("discardBatchCopies needs an owner");
  const discarded: string[] = [];
  for (const id of new Set(input.mediaIds)) {
    try {
      await deleteMedia({ ownerId: input.ownerId, id, force: false });
      discarded.push(id);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err; // 409 in use, 404 gone: nothing to discard
    }
  }
  if (discarded.length) await db().importedMedia.deleteMany({ where: { importId: input.importId, mediaId: { in: discarded } } });
  return discarded;
}
