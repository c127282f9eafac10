// MEDIA_STORAGE=vercel-blob (the default on Vercel once a Blob store is connected to the project,
// which sets BLOB_READ_WRITE_TOKEN): media in a public Vercel Blob store through @vercel/blob.
// - put/list/delete are the SDK's calls with the read-write token; keys are the blob pathnames,
//   with no random suffix (a medium's URL is its id and file name).
// - get asks the API for the object (head: authoritative, so a staged upload read right after
//   its PUT is never a CDN's remembered 404) and streams it from the URL the API names.
// - The two-step upload's URL is Blob's own upload endpoint with a client token in `headers`:
//   the token (signed with the read-write token, never sent to a browser itself) allows one PUT
//   at this pathname, of at most `size` bytes of the declared type, until the upload expires,
//   and never over an existing blob. That is what @vercel/blob/client's upload sends, so the
//   browser PUTs straight to Blob and Inkbase's own `complete` step reads the bytes back.
// Every call has a deadline (the SDK retries a failing store for minutes otherwise): a store that
// does not answer becomes a 503, not a hung request.
import { BlobNotFoundError, del, head, list, put } from "@vercel/blob";
import { generateClientTokenFromReadWriteToken } from "@vercel/blob/client";
import { assertStorageKey, type ListedObject, type MediaStorage } from "./storage-driver";
import { StorageError } from "./storage-error";

export type BlobSettings = { token: string; apiUrl: string };

/** The Blob API version @vercel/blob 2 speaks; a browser's PUT must name it as the SDK's does. */
export const BLOB_API_VERSION = "12";
const TIMEOUT_MS = 30_000;
const IMMUTABLE_SECONDS = 31_536_000;

export function vercelBlobStorage(settings: BlobSettings): MediaStorage {
  if (!settings.token) throw new StorageError("Vercel Blob media storage: BLOB_READ_WRITE_TOKEN is not set");
  const common = () => ({ token: settings.token, abortSignal: AbortSignal.timeout(TIMEOUT_MS) });

  async function guarded<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      throw new StorageError(`Vercel Blob media storage: ${what} failed: ${(err as Error).name}: ${(err as Error).message}`, { cause: err });
    }
  }

  return {
    async put(key, bytes, contentType) {
      const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      await guarded(`writing ${key}`, () =>
        put(assertStorageKey(key), body, { ...common(), access: "public", contentType, addRandomSuffix: false, allowOverwrite: true, cacheControlMaxAge: IMMUTABLE_SECONDS }),
      );
    },

    async get(key) {
      const found = await head(assertStorageKey(key), common()).catch((err: unknown) => {
        if (err instanceof BlobNotFoundError) return null;
        throw new StorageError(`Vercel Blob media storage: looking up ${key} failed: ${(err as Error).message}`, { cause: err });
      });
      if (!found) return null;
      const response = await guarded(`reading ${key}`, () => fetch(found.url, { signal: AbortSignal.timeout(TIMEOUT_MS) }));
      if (response.status === 404) return null;
      if (!response.ok || !response.body) throw new StorageError(`Vercel Blob media storage: reading ${key} answered ${response.status}`);
      return { body: response.body, size: Number(response.headers.get("content-length") ?? found.size) };
    },

    async delete(keys) {
      if (keys.length === 0) return;
      await guarded("deleting", () => del(keys.map(assertStorageKey), common()));
    },

    async signedPutUrl({ key, contentType, size, expiresAt }) {
      const clientToken = await guarded("signing an upload token", () =>
        generateClientTokenFromReadWriteToken({
          token: settings.token,
          pathname: assertStorageKey(key),
          allowedContentTypes: [contentType],
          maximumSizeInBytes: size,
          validUntil: expiresAt.getTime(),
          addRandomSuffix: false,
          allowOverwrite: false,
        }),
      );
      return {
        url: `${settings.apiUrl}/?${new URLSearchParams({ pathname: key })}`,
        headers: {
          Authorization: `Bearer ${clientToken}`,
          "Content-Type": contentType,
          "x-api-version": BLOB_API_VERSION,
          "x-vercel-blob-access": "public",
          "x-content-type": contentType,
          "x-add-random-suffix": "0",
          "x-allow-overwrite": "0",
        },
      };
    },

    async *list(): AsyncIterable<ListedObject> {
      let cursor: string | undefined;
      do {
        const page = await guarded("listing", () => list({ ...common(), cursor, limit: 1000 }));
        for (const blob of page.blobs) yield { key: blob.pathname, size: blob.size, lastModified: blob.uploadedAt };
        cursor = page.hasMore ? page.cursor : undefined;
      } while (cursor);
    },
  };
}
