// POST /api/media/uploads/:uploadId/complete – step two: read the staged bytes back from the
// store and run them through the same pipeline as a one-request upload (createMedia). The upload
// row is consumed in the same transaction as the new medium's row, so completing twice makes one
// medium. Bytes the pipeline refuses (4xx) are deleted with their upload; after a 503 both stay
// for a retry (or the sweep). An import's upload is not an image's: 404 here.
import { db } from "../db";
import { ApiError } from "../http/api-error";
import { logger } from "../log/logger";
import { createMedia } from "./create-media";
import { readStagedUpload } from "./read-staged-upload";
import { uploadNotFound } from "./receive-upload-bytes";
import { uploadKey } from "./stage-upload";
import { mediaStorage, type MediaStorage } from "./storage";
import type { MediaResponse } from "./to-media";

export async function completeUpload(options: { ownerId: string; uploadId: string; alt?: string; storage?: MediaStorage; createdById?: string | null }): Promise<MediaResponse> {
  if (!options.ownerId) throw new Error("completeUpload needs an owner");
  const storage = options.storage ?? mediaStorage();
  const upload = await db().mediaUpload.findFirst({ where: { id: options.uploadId, ownerId: options.ownerId, purpose: "media" } });
  if (!upload) throw uploadNotFound();
  const key = uploadKey(upload.id);
  const discard = async () => {
    await db().mediaUpload.deleteMany({ where: { id: upload.id } });
    await storage.delete([key]).catch((err: unknown) => logger().warn({ err, key }, "staged upload left for the orphan sweep"));
  };

  try {
    const bytes = await readStagedUpload({ upload, storage });
    const media = await createMedia({ ownerId: options.ownerId, bytes, filename: upload.filename, alt: options.alt, declaredType: upload.mimeType, storage, consumesUpload: upload.id, createdById: options.createdById });
    await storage.delete([key]).catch((err: unknown) => logger().warn({ err, key }, "staged upload left for the orphan sweep"));
    return media;
  } catch (err) {
    if (err instanceof ApiError && err.status < 500 && err.status !== 404 && err.status !== 409) await discard();
    throw err;
  }
}
