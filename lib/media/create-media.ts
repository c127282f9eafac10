// Create a medium from bytes: the one entry point for every way an image arrives (the one-request
// upload, the two-step upload's completion, and later the importer copying remote images in).
// The pipeline, in order, each step its own file:
//   1. sniff-image-type     what the bytes are (magic numbers), agreeing with name and declared type
//   2. limits               MEDIA_MAX_BYTES, the plan's quota (early), 50 megapixels from the header
//   3. process-image        decode, rotate, strip metadata, variants, placeholder (in the queue)
//   4. store-media-files    every file to storage
//   5. write-media-row      the row and media.created, with the final quota check
// A failure at any step leaves no row; a failure after step 4 deletes the stored files.
import { db } from "../db";
import { logger } from "../log/logger";
import { randomId } from "../random-id";
import { checkImageLimits } from "./check-image-limits";
import { checkFileSize } from "./media-limits";
import { checkQuota, readQuota } from "./media-quota";
import { cleanAlt, cleanFilename } from "./media-text";
import { processImage } from "./process-image";
import { inProcessingQueue } from "./processing-queue";
import { sniffImageType } from "./sniff-image-type";
import { mediaStorage, type MediaStorage } from "./storage";
import { orStorageUnavailable } from "./storage-error";
import { storeMediaFiles } from "./store-media-files";
import { toMedia, type MediaResponse } from "./to-media";
import { writeMediaRow } from "./write-media-row";

export async function createMedia(input: {
  ownerId: string;
  bytes: Uint8Array;
  filename: string;
  alt?: string | null;
  /** The Content-Type the bytes came with, if any: it must agree with what they are. */
  declaredType?: string | null;
  /** The configured store unless given (tests hand in a failing one). */
  storage?: MediaStorage;
  /** A two-step upload this completes: its row goes in the same transaction as the medium's. */
  consumesUpload?: string;
}): Promise<MediaResponse> {
  if (!input.ownerId) throw new Error("createMedia needs an owner");
  const storage = input.storage ?? mediaStorage();
  const filename = cleanFilename(input.filename);
  checkFileSize(input.bytes.byteLength);
  const type = await sniffImageType({ bytes: input.bytes, filename, declaredType: input.declaredType });
  // The cheap refusal first: an account already full should not wait for processing.
  checkQuota(await readQuota(db(), input.ownerId), input.bytes.byteLength);
  await checkImageLimits(input.bytes);
  const processed = await inProcessingQueue(() => processImage(input.bytes, type));

  const id = randomId("med");
  const stored = await orStorageUnavailable("storing a new medium", () => storeMediaFiles(storage, id, filename, processed));
  try {
    const row = await writeMediaRow({ id, ownerId: input.ownerId, filename, alt: cleanAlt(input.alt), processed, stored, consumesUpload: input.consumesUpload });
    return toMedia(row, []);
  } catch (err) {
    await storage.delete(stored.keys).catch((cleanup: unknown) => logger().warn({ err: cleanup, id }, "media files left for the orphan sweep"));
    throw err;
  }
}
