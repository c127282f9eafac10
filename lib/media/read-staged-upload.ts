// The bytes a client sent straight to the store for an upload, read back by the step that uses
// them (an image's complete, an import's start): never more than the upload declared (a store
// that took more, or a local file grown since, is 413), 409 when nothing was sent yet, 503 when
// the store fails.
import { ApiError } from "../http/api-error";
import { fileTooLarge } from "./media-limits";
import { readCapped, TooLarge } from "./read-capped";
import { uploadKey } from "./stage-upload";
import type { MediaStorage } from "./storage";
import { orStorageUnavailable, StorageError } from "./storage-error";

export async function readStagedUpload(options: { upload: { id: string; size: number }; storage: MediaStorage }): Promise<Uint8Array> {
  const { upload, storage } = options;
  const key = uploadKey(upload.id);
  const object = await orStorageUnavailable("reading an upload", () => storage.get(key));
  if (!object) throw new ApiError(409, { error: "Upload not received", uploadId: upload.id });
  return orStorageUnavailable("reading an upload", () =>
    readCapped(object.body, upload.size).catch((err: unknown) => {
      throw err instanceof TooLarge ? fileTooLarge(upload.size) : new StorageError(`reading ${key} failed`, { cause: err });
    }),
  );
}
