// Pipeline step 4: the processed files to storage, before any row names them. A failure part
// way deletes what was written (best effort: whatever remains has no row and the orphan sweep
// removes it) and is a StorageError, so the caller answers 503 with nothing half-made.
import { createHash } from "node:crypto";
import { logger } from "../log/logger";
import { mediaKey, safeStem, variantName } from "./media-urls";
import type { ProcessedImage } from "./process-image";
import { IMAGE_TYPES } from "./image-types";
import type { MediaStorage } from "./storage";
import type { StoredVariant } from "./to-media";

export type StoredFiles = {
  storedName: string;
  etag: string;
  variants: StoredVariant[];
  /** Every key written, for a rollback. */
  keys: string[];
  /** The original and every variant: what counts against the quota. */
  storedBytes: number;
};

/** A strong ETag: a hash of the bytes served. */
export const bytesEtag = (bytes: Uint8Array) => `"${createHash("sha256").update(bytes).digest("base64url").slice(0, 32)}"`;

export async function storeMediaFiles(storage: MediaStorage, id: string, filename: string, processed: ProcessedImage): Promise<StoredFiles> {
  const stem = safeStem(filename);
  const storedName = `${stem}.${IMAGE_TYPES[processed.original.mimeType].ext}`;
  const files = [
    { name: storedName, bytes: processed.original.bytes, type: processed.original.mimeType },
    ...processed.variants.map((variant) => ({ name: variantName(stem, variant.width), bytes: variant.bytes, type: "image/webp" })),
  ];
  const written: string[] = [];
  try {
    for (const file of files) {
      const key = mediaKey(id, file.name);
      await storage.put(key, file.bytes, file.type);
      written.push(key);
    }
  } catch (err) {
    await storage.delete(written).catch((cleanup: unknown) => logger().warn({ err: cleanup, id }, "media files left for the orphan sweep"));
    throw err;
  }
  return {
    storedName,
    etag: bytesEtag(processed.original.bytes),
    variants: processed.variants.map((variant) => ({
      width: variant.width,
      height: variant.height,
      format: "webp",
      name: variantName(stem, variant.width),
      size: variant.bytes.byteLength,
      etag: bytesEtag(variant.bytes),
    })),
    keys: written,
    storedBytes: files.reduce((sum, file) => sum + file.bytes.byteLength, 0),
  };
}
