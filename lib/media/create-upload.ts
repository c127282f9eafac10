// POST /api/media/uploads – step one of the upload for large files: check what can be checked
// before a byte is sent (the declared type, MEDIA_MAX_BYTES, the quota), then stage the upload
// (stage-upload.ts: the row and a URL that takes exactly `size` bytes of that type).
import { db } from "../db";
import { imageTypeOfMime, imageTypeOfName } from "./image-types";
import { checkFileSize } from "./media-limits";
import { checkQuota, readQuota } from "./media-quota";
import { cleanFilename } from "./media-text";
import { unsupportedMediaType } from "./sniff-image-type";
import { stageUpload } from "./stage-upload";
import type { CreateUploadInput, UploadResponse } from "./upload-input";

export async function createUpload(options: { ownerId: string; origin: string; input: CreateUploadInput }): Promise<UploadResponse> {
  if (!options.ownerId) throw new Error("createUpload needs an owner");
  const filename = cleanFilename(options.input.filename);
  const type = imageTypeOfMime(options.input.mimeType);
  const named = imageTypeOfName(filename);
  if (!type || (named !== null && named !== type)) throw unsupportedMediaType();
  checkFileSize(options.input.size);
  checkQuota(await readQuota(db(), options.ownerId), options.input.size);
  return stageUpload({ ownerId: options.ownerId, origin: options.origin, purpose: "media", filename, size: options.input.size, contentType: type });
}
