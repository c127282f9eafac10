// PUT /api/media/uploads/:uploadId – the app's own upload URL (local storage has no presigned
// URLs): its signature and expiry are checked like a presigned URL's, then it takes one body of
// at most the declared size into the staging key. It is one-time: the upload row is claimed
// before the write and released again only if the store fails, so the client can retry. Images
// and import files share it (stage-upload.ts); each must come with the type its upload declared.
import { db } from "../db";
import { ApiError, notFound } from "../http/api-error";
import { imageTypeOfMime } from "./image-types";
import { fileTooLarge } from "./media-limits";
import { readCapped, TooLarge } from "./read-capped";
import { unsupportedMediaType } from "./sniff-image-type";
import { mediaStorage } from "./storage";
import { uploadKey } from "./stage-upload";
import { orStorageUnavailable } from "./storage-error";
import { verifyUploadSignature } from "./upload-signature";

export const uploadNotFound = () => notFound("Upload not found");

export async function receiveUploadBytes(options: {
  uploadId: string;
  expires: number;
  signature: string;
  /** Must be the type the upload declared, when sent (as a presigned URL signs it). */
  contentType: string | null;
  body: ReadableStream<Uint8Array> | null;
}): Promise<{ uploadId: string; size: number }> {
  if (!verifyUploadSignature(options.uploadId, options.expires, options.signature)) {
    throw new ApiError(403, { error: "Upload URL invalid or expired" });
  }
  const now = new Date();
  const [claimed] = await db().$queryRaw<{ size: number; mimeType: string; purpose: string }[]>`
    UPDATE "MediaUpload" SET "receivedAt" = ${now}
    WHERE id = ${options.uploadId} AND "receivedAt" IS NULL AND "expiresAt" > ${now}
    RETURNING size, "mimeType", purpose`;
  if (!claimed) throw uploadNotFound();
  if (options.contentType && !sameType(claimed, options.contentType)) {
    await db().$executeRaw`UPDATE "MediaUpload" SET "receivedAt" = NULL WHERE id = ${options.uploadId}`;
    throw unsupportedMediaType();
  }
  const release = () => db().$executeRaw`UPDATE "MediaUpload" SET "receivedAt" = NULL WHERE id = ${options.uploadId}`;
  try {
    const bytes = await readCapped(options.body, claimed.size).catch((err: unknown) => {
      throw err instanceof TooLarge ? fileTooLarge(claimed.size) : err;
    });
    await orStorageUnavailable("receiving an upload", () => mediaStorage().put(uploadKey(options.uploadId), bytes, claimed.mimeType));
    return { uploadId: options.uploadId, size: bytes.byteLength };
  } catch (err) {
    await release();
    throw err;
  }
}

/** An image may be sent under any name of its type (image/jpg for image/jpeg); other files under exactly the declared type. */
function sameType(claimed: { mimeType: string; purpose: string }, contentType: string): boolean {
  if (claimed.purpose === "media") return imageTypeOfMime(contentType) === claimed.mimeType;
  return contentType.split(";")[0].trim().toLowerCase() === claimed.mimeType;
}
