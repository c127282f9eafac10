// Where media files live (MEDIA.md "Storage"): one small interface, one file per driver
// (storage-local.ts under DATA_DIR/media, storage-s3.ts for any S3-compatible store,
// storage-vercel-blob.ts for a Vercel Blob store), chosen once from MEDIA_STORAGE. Nothing else asks which driver it has. Keys are `<media id>/<name>` for a
// medium's files and `uploads/<upload id>` for bytes staged by the two-step upload; a driver may
// refuse any other shape. Every failure of the store itself is a StorageError, which the API
// answers with 503 `Storage unavailable` (lib/media/storage-error.ts).
import { env } from "../env";
import { localStorage } from "./storage-local";
import { s3Storage } from "./storage-s3";
import { vercelBlobStorage } from "./storage-vercel-blob";
import type { MediaStorage } from "./storage-driver";

// The driver contract and the key check live in storage-driver.ts, which the drivers import
// (never this chooser, which imports them); re-exported so callers keep one import.
export { STORAGE_KEY, assertStorageKey, type ListedObject, type MediaStorage, type SignedPut, type StoredObject } from "./storage-driver";

const globalForStorage = globalThis as unknown as { inkbaseMediaStorage?: MediaStorage };

/** The configured store, created on first use. */
export function mediaStorage(): MediaStorage {
  globalForStorage.inkbaseMediaStorage ??= chooseStorage();
  return globalForStorage.inkbaseMediaStorage;
}

function chooseStorage(): MediaStorage {
  switch (env.mediaStorage) {
    case "s3":
      return s3Storage(env.s3);
    case "vercel-blob":
      return vercelBlobStorage(env.blob);
    default:
      return localStorage(env.dataDir);
  }
}

