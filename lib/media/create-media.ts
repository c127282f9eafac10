// Create a medium from bytes: the one entry point for every way an image arrives (the one-request
// upload, the two-step upload's completion, and later the importer copying remote images in).
// The pipeline, in order, each step its own file:
//   1. sniff-image-type     what the bytes are (magic numbers), agreeing with name and declared type
//   2. limits               MEDIA_MAX_BYTES, the plan's quota (early), 50 megapixels from the header
//                           (1 and 2 together: check-media-bytes, which an import's dry run runs alone)
//   3. process-image        decode, rotate, strip metadata, variants, placeholder (in the queue)
//   4. store-media-files    every file to storage
//   5. write-media-row      the row and media.created, with the final quota check
// The row keeps a SHA-256 of the bytes as they arrived (`sourceHash`): the bytes themselves are not
// kept, and an import finds an image the library already holds by it (portability/copy-images.ts).
// A failure at any step leaves no row; a failure after step 4 deletes the stored files.
import { logger } from "../log/logger";
import { randomId } from "../random-id";
import { checkMediaBytes } from "./check-media-bytes";
import { cleanAlt, cleanFilename } from "./media-text";
import { sourceHashOf } from "./source-hash";
import { processImage } from "./process-image";
import { inProcessingQueue } from "./processing-queue";
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
  /** The member who uploads it (TEAMS.md "own media"). */
  createdById?: string | null;
  /**
   * An import's copy: when a medium of the same source bytes appeared while these were processed,
   * throw SameSourceMedia (carrying it) instead of storing a second (write-media-row.ts).
   */
  reuseSameSource?: boolean;
}): Promise<MediaResponse> {
  if (!input.ownerId) throw new Error("createMedia needs an owner");
  const storage = input.storage ?? mediaStorage();
  const filename = cleanFilename(input.filename);
  const type = await checkMediaBytes({ ownerId: input.ownerId, bytes: input.bytes, filename, declaredType: input.declaredType });
  const sourceHash = sourceHashOf(input.bytes);
  const processed = await inProcessingQueue(() => processImage(input.bytes, type));

  const id = randomId("med");
  const stored = await orStorageUnavailable("storing a new medium", () => storeMediaFiles(storage, id, filename, processed));
  try {
    const row = await writeMediaRow({ id, ownerId: input.ownerId, filename, alt: cleanAlt(input.alt), processed, stored, sourceHash, consumesUpload: input.consumesUpload, createdById: input.createdById, reuseSameSource: input.reuseSameSource });
    return toMedia(row, []);
  } catch (err) {
    await storage.delete(stored.keys).catch((cleanup: unknown) => logger().warn({ err: cleanup, id }, "media files left for the orphan sweep"));
    throw err;
  }
}
