// POST /api/media/uploads – step one of the upload for large files: check what can be checked
// before a byte is sent (the declared type, MEDIA_MAX_BYTES, the quota), record the upload, and
// hand out a URL that takes exactly `size` bytes of that type for the next 30 minutes.
import type { z } from "zod";
import { db } from "../db";
import { randomId } from "../random-id";
import { imageTypeOfMime, imageTypeOfName } from "./image-types";
import { checkFileSize } from "./media-limits";
import { checkQuota, readQuota } from "./media-quota";
import { cleanFilename } from "./media-text";
import { unsupportedMediaType } from "./sniff-image-type";
import { mediaStorage } from "./storage";
import { orStorageUnavailable } from "./storage-error";
import type { CreateUploadInput, uploadSchema } from "./upload-input";

export const UPLOAD_TTL_MS = 30 * 60 * 1000;

export const uploadKey = (uploadId: string) => `uploads/${uploadId}`;

export async function createUpload(options: { ownerId: string; origin: string; input: CreateUploadInput }): Promise<z.output<typeof uploadSchema>> {
  if (!options.ownerId) throw new Error("createUpload needs an owner");
  const filename = cleanFilename(options.input.filename);
  const type = imageTypeOfMime(options.input.mimeType);
  const named = imageTypeOfName(filename);
  if (!type || (named !== null && named !== type)) throw unsupportedMediaType();
  checkFileSize(options.input.size);
  checkQuota(await readQuota(db(), options.ownerId), options.input.size);

  const uploadId = randomId("upl");
  const expiresAt = new Date(Date.now() + UPLOAD_TTL_MS);
  const signed = await orStorageUnavailable("signing an upload URL", () =>
    mediaStorage().signedPutUrl({ key: uploadKey(uploadId), uploadId, origin: options.origin, contentType: type, size: options.input.size, expiresAt }),
  );
  await db().mediaUpload.create({ data: { id: uploadId, ownerId: options.ownerId, filename, size: options.input.size, mimeType: type, expiresAt } });
  return { uploadId, uploadUrl: signed.url, method: "PUT", headers: signed.headers, expiresAt: expiresAt.toISOString() };
}
