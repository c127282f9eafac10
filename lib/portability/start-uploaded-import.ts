// POST /api/imports { uploadId, source, dryRun } – the second step of the direct-to-storage
// import: the staged file is read back from the store (never more than its upload declared) and
// becomes the import's job row, consuming the upload in the same transaction, so starting twice
// makes one import (the second finds no upload: 404). The staged object is deleted after; the
// orphan sweep takes it if that fails. The job then runs exactly as an uploaded form's does.
import { db } from "../db";
import { logger } from "../log/logger";
import { readStagedUpload } from "../media/read-staged-upload";
import { uploadNotFound } from "../media/receive-upload-bytes";
import { uploadKey } from "../media/stage-upload";
import { mediaStorage } from "../media/storage";
import { createImport } from "./create-import";
import type { ImportFromUpload } from "./import-upload-input";

export async function startUploadedImport(options: { ownerId: string; input: ImportFromUpload }): Promise<{ id: string; status: "running" }> {
  if (!options.ownerId) throw new Error("startUploadedImport needs an owner");
  const storage = mediaStorage();
  const upload = await db().mediaUpload.findFirst({ where: { id: options.input.uploadId, ownerId: options.ownerId, purpose: "import" } });
  if (!upload) throw uploadNotFound();
  const bytes = await readStagedUpload({ upload, storage });
  const started = await db().$transaction(async (tx) => {
    const { count } = await tx.mediaUpload.deleteMany({ where: { id: upload.id, ownerId: options.ownerId } });
    if (count === 0) throw uploadNotFound();
    return createImport({ ownerId: options.ownerId, source: options.input.source, dryRun: options.input.dryRun ?? false, filename: upload.filename, bytes }, tx);
  });
  const key = uploadKey(upload.id);
  await storage.delete([key]).catch((err: unknown) => logger().warn({ err, key }, "staged import file left for the orphan sweep"));
  return started;
}
