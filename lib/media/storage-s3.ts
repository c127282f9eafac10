// MEDIA_STORAGE=s3: any S3-compatible store (AWS S3, Cloudflare R2, Backblaze B2, MinIO, Tigris)
// through the AWS SDK. Checksums only when an operation requires them: the SDK's newer default
// (a CRC32 on every request, signed into presigned URLs) is refused or mishandled by several
// S3-compatible stores. Requests time out, so a hanging store becomes a 503, not a hung upload.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type ListObjectsV2CommandOutput,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { assertStorageKey, type ListedObject, type MediaStorage } from "./storage-driver";
import { StorageError } from "./storage-error";

export type S3Settings = {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

/** Files never change once written (a new upload is a new id), so stores and CDNs may keep them for a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

export function s3Storage(settings: S3Settings): MediaStorage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = settings.bucket;

  async function guarded<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      throw new StorageError(`S3 media storage: ${what} failed: ${(err as Error).name}: ${(err as Error).message}`, { cause: err });
    }
  }

  return {
    async put(key, bytes, contentType) {
      await guarded(`writing ${key}`, () =>
        client.send(new PutObjectCommand({ Bucket, Key: assertStorageKey(key), Body: bytes, ContentType: contentType, CacheControl: IMMUTABLE, ContentLength: bytes.byteLength })),
      );
    },

    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: assertStorageKey(key) }));
        if (!object.Body) return null;
        return { body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: object.ContentLength ?? 0 };
      } catch (err) {
        const name = (err as Error).name;
        if (name === "NoSuchKey" || name === "NotFound" || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw new StorageError(`S3 media storage: reading ${key} failed: ${name}: ${(err as Error).message}`, { cause: err });
      }
    },

    async delete(keys) {
      // One request per key: DeleteObjects (the batch call) needs a Content-MD5 that not every
      // S3-compatible store accepts in the same form; a medium has at most eight files.
      await guarded("deleting", () => Promise.all(keys.map((key) => client.send(new DeleteObjectCommand({ Bucket, Key: assertStorageKey(key) })))));
    },

    async signedPutUrl({ key, contentType, size, expiresAt }) {
      const expiresIn = Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
      const command = new PutObjectCommand({ Bucket, Key: assertStorageKey(key), ContentType: contentType, ContentLength: size });
      // Content-Type and Content-Length are signed: the store refuses any other type or size.
      const url = await guarded("signing an upload URL", () =>
        getSignedUrl(client, command, { expiresIn, signableHeaders: new Set(["content-type", "content-length"]) }),
      );
      return { url, headers: { "Content-Type": contentType } };
    },

    async *list(): AsyncIterable<ListedObject> {
      let ContinuationToken: string | undefined;
      do {
        const page: ListObjectsV2CommandOutput = await guarded("listing", () => client.send(new ListObjectsV2Command({ Bucket, ContinuationToken })));
        for (const object of page.Contents ?? []) {
          if (object.Key) yield { key: object.Key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date() };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
