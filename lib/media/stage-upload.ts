// The shared first step of every upload that goes straight to the media store (an image through
// POST /api/media/uploads, an import file through POST /api/imports/uploads): the upload row with
// what was declared, and a URL that takes one PUT of at most that many bytes of that type for the
// next 30 minutes (a presigned URL on S3, a client token on Vercel Blob, the app's own one-time
// URL on local disk). What the bytes must be is checked by the caller before, and by the step
// that reads them back after.
import { db } from "../db";
import { randomId } from "../random-id";
import { mediaStorage } from "./storage";
import { orStorageUnavailable } from "./storage-error";
import type { UploadResponse } from "./upload-input";

export const UPLOAD_TTL_MS = 30 * 60 * 1000;

export type UploadPurpose = "media" | "import";

export const uploadKey = (uploadId: string) => `uploads/${uploadId}`;

export async function stageUpload(options: {
  ownerId: string;
  origin: string;
  purpose: UploadPurpose;
  filename: string;
  size: number;
  contentType: string;
}): Promise<UploadResponse> {
  if (!options.ownerId) throw new Error("stageUpload needs an owner");
  const uploadId = randomId("upl");
  const expiresAt = new Date(Date.now() + UPLOAD_TTL_MS);
  const signed = await orStorageUnavailable("signing an upload URL", () =>
    mediaStorage().signedPutUrl({ key: uploadKey(uploadId), uploadId, origin: options.origin, contentType: options.contentType, size: options.size, expiresAt }),
  );
  await db().mediaUpload.create({
    data: { id: uploadId, ownerId: options.ownerId, purpose: options.purpose, filename: options.filename, size: options.size, mimeType: options.contentType, expiresAt },
  });
  return { uploadId, uploadUrl: signed.url, method: "PUT", headers: signed.headers, expiresAt: expiresAt.toISOString() };
}
