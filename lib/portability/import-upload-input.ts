// The bodies of the direct-to-storage import (PORTABILITY.md, VERCEL.md): POST /api/imports/uploads
// declares the file, POST /api/imports { uploadId, source, dryRun } starts the import from it.
import { z } from "zod";
import { IMPORT_SOURCES } from "./import-item";

export const createImportUploadInputSchema = z
  .object({
    filename: z.string().min(1).max(300).meta({ description: "The export's file name: its extension (`.json`, `.xml`, `.md`, `.zip`) tells the importer how to read it." }),
    size: z.number().int().positive().meta({ description: "Bytes the client will send (at most 32 MiB); the upload URL accepts at most this many." }),
  })
  .meta({ id: "CreateImportUploadInput" });

export type CreateImportUploadInput = z.output<typeof createImportUploadInputSchema>;

export const importFromUploadSchema = z
  .object({
    uploadId: z.string().min(1).max(100).meta({ description: "From `POST /api/imports/uploads`, after the file was sent to its `uploadUrl`." }),
    source: z.enum(IMPORT_SOURCES),
    dryRun: z.boolean().optional().meta({ description: "`true`: only report what would happen; nothing is written." }),
  })
  .meta({ id: "ImportFromUpload" });

export type ImportFromUpload = z.output<typeof importFromUploadSchema>;
