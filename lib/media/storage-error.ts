// A failure of the media store itself (disk full, S3 unreachable or refusing). Drivers wrap
// their errors in it; the API answers 503 `Storage unavailable` (MEDIA.md), never a 500, and
// the pipeline's order (files first, then the row) means nothing is left half-written.
import { ApiError } from "../http/api-error";
import { logger } from "../log/logger";

export class StorageError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StorageError";
  }
}

export const storageUnavailable = () => new ApiError(503, { error: "Storage unavailable" });

/** Runs a store call, turning a driver failure into the API's 503 (logged with its cause). */
export async function orStorageUnavailable<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof StorageError) {
      logger().error({ err, what }, "media storage failed");
      throw storageUnavailable();
    }
    throw err;
  }
}
