// MEDIA_STORAGE=local (the default): files under DATA_DIR/media, nothing to set up. A write goes
// to a temporary file first and is renamed into place, so a reader (or a crash) never sees half
// a file. For the two-step upload it hands out the app's own signed one-time URL
// (PUT /api/media/uploads/:uploadId), since a disk has no presigned URLs.
import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { randomId } from "../random-id";
import { assertStorageKey, type ListedObject, type MediaStorage } from "./storage-driver";
import { StorageError } from "./storage-error";
import { signUpload } from "./upload-signature";

export function localStorage(dataDir: string): MediaStorage {
  const root = path.join(dataDir, "media");
  const fileOf = (key: string) => path.join(root, ...assertStorageKey(key).split("/"));

  async function guarded<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      throw new StorageError(`local media storage: ${what} failed: ${(err as Error).message}`, { cause: err });
    }
  }

  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await guarded(`writing ${key}`, async () => {
        await mkdir(path.dirname(file), { recursive: true });
        const temporary = `${file}.${randomId("tmp", 8)}.part`;
        try {
          await writeFile(temporary, bytes);
          await rename(temporary, file);
        } catch (err) {
          await rm(temporary, { force: true });
          throw err;
        }
      });
    },

    async get(key) {
      const file = fileOf(key);
      const info = await stat(file).catch((err: NodeJS.ErrnoException) => {
        if (err.code === "ENOENT" || err.code === "ENOTDIR") return null;
        throw new StorageError(`local media storage: reading ${key} failed: ${err.message}`, { cause: err });
      });
      if (!info?.isFile()) return null;
      return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size: info.size };
    },

    async delete(keys) {
      await guarded("deleting", async () => {
        const dirs = new Set<string>();
        for (const key of keys) {
          const file = fileOf(key);
          await rm(file, { force: true });
          dirs.add(path.dirname(file));
        }
        // A medium's folder goes with its last file (never the shared uploads/ folder).
        for (const dir of dirs) {
          if (path.basename(dir) !== "uploads") await rmdir(dir).catch(() => {});
        }
      });
    },

    async signedPutUrl({ uploadId, origin, contentType, expiresAt }) {
      const query = new URLSearchParams({ expires: String(Math.floor(expiresAt.getTime() / 1000)), signature: signUpload(uploadId, expiresAt) });
      return { url: `${origin}/api/media/uploads/${uploadId}?${query}`, headers: { "Content-Type": contentType } };
    },

    async *list(): AsyncIterable<ListedObject> {
      const folders = await readdir(root, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
        if (err.code === "ENOENT") return [];
        throw new StorageError(`local media storage: listing failed: ${err.message}`, { cause: err });
      });
      for (const folder of folders) {
        if (!folder.isDirectory()) continue;
        const names = await readdir(path.join(root, folder.name)).catch(() => [] as string[]);
        for (const name of names) {
          const key = `${folder.name}/${name}`;
          const info = await stat(path.join(root, folder.name, name)).catch(() => null);
          if (info?.isFile()) yield { key, size: info.size, lastModified: info.mtime };
        }
      }
    },
  };
}
