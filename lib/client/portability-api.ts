// The dashboard's import and export calls (through the SDK, like every other dashboard call).
import type { ImportReport, ImportSource } from "@inkbase/sdk";
import { viaSdk } from "./api-client";

/** Files over 4 MiB go straight to storage (the SDK picks the flow); `onProgress` follows the bytes sent. */
export const startImport = (file: File, source: ImportSource, dryRun: boolean, onProgress?: (fraction: number) => void) =>
  viaSdk((client) => client.imports.create(file, { source, dryRun, onProgress: (sent, total) => onProgress?.(total ? sent / total : 0) }));

export const getImportReport = (id: string): Promise<ImportReport> => viaSdk((client) => client.imports.get(id));
