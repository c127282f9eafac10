// POST /api/imports/uploads – the first step of an import sent straight to the media store (the
// media upload's shape, lib/media/stage-upload.ts), so an export of up to 32 MiB never passes
// through a function body (4.5 MB on Vercel). The file is staged as application/octet-stream
// whatever it holds: a public store then never serves an uploaded export as a page.
import { stageUpload } from "../media/stage-upload";
import type { UploadResponse } from "../media/upload-input";
import type { CreateImportUploadInput } from "./import-upload-input";
import { IMPORT_MAX_BYTES, importTooLarge } from "./read-import-request";

export const IMPORT_UPLOAD_CONTENT_TYPE = "application/octet-stream";

export async function createImportUpload(options: { ownerId: string; origin: string; input: CreateImportUploadInput }): Promise<UploadResponse> {
  if (options.input.size > IMPORT_MAX_BYTES) throw importTooLarge();
  const filename = options.input.filename.split(/[\\/]/).pop()?.trim().slice(0, 300) || "upload";
  return stageUpload({ ownerId: options.ownerId, origin: options.origin, purpose: "import", filename, size: options.input.size, contentType: IMPORT_UPLOAD_CONTENT_TYPE });
}
