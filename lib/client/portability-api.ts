// The dashboard's import and export calls (through the SDK, like every other dashboard call).
import type { ImportReport, ImportSource } from "@inkbase/sdk";
import { viaSdk } from "./api-client";

export const startImport = (file: File, source: ImportSource, dryRun: boolean) => viaSdk((client) => client.imports.create(file, { source, dryRun }));

export const getImportReport = (id: string): Promise<ImportReport> => viaSdk((client) => client.imports.get(id));
