// The admin CLI's portability commands (PORTABILITY.md). Progress goes to stderr as one line
// rewritten in place (stdout carries only the command's JSON answer, DECISIONS §1).
//   import  --username U --source ghost|wordpress|markdown|inkbase --file F [--dry-run]
//   export  --username U --out FILE [--format json|markdown]
//   backup  --out FILE [--format logical|pg_dump|pglite]
//   restore --in FILE [--force]
import { createWriteStream, readFileSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createImport } from "../lib/portability/create-import";
import { getImport } from "../lib/portability/get-import";
import { IMPORT_SOURCES, type ImportSource } from "../lib/portability/import-item";
import { runImport } from "../lib/portability/run-import";
import { writeExport, type ExportFormat } from "../lib/portability/write-export";
import { findUserByUsername } from "../lib/users/find-user-by-username";
import { env } from "../lib/env";
import type { Command } from "./command";
import { BACKUP_KINDS, type BackupKind } from "./lib/backup-archive";
import { writeBackup } from "./lib/backup";
import { required } from "./lib/cli-args";
import { readBackupKind, restoreBackup } from "./lib/restore";

const CLI_IMPORT_MAX_BYTES = 256 * 1024 * 1024;

function progressLine(text: string): void {
  if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${text}`);
  else process.stderr.write(`${text}\n`);
}

const restore: Command = async (flags, { connected }) => {
  const file = required(flags, "in");
  const force = flags.force === "true";
  const onProgress = (line: string) => progressLine(`[restore] ${line}`);
  // PGlite's own dump replaces the embedded database's files: nothing may hold them open.
  const result =
    (await readBackupKind(file)) === "pglite" && !env.databaseUrl
      ? await restoreBackup({ dataDir: env.dataDir, file, force, onProgress })
      : await connected(({ url }) => restoreBackup({ url: env.migrationDatabaseUrl ?? url, file, force, onProgress }));
  if (process.stderr.isTTY) process.stderr.write("\n");
  return { in: file, ...result };
};
restore.ownsDatabase = true;

export const portabilityCommands: Record<string, Command> = {
  import: async (flags) => {
    const user = await findUserByUsername(required(flags, "username"));
    const source = required(flags, "source");
    if (!(IMPORT_SOURCES as readonly string[]).includes(source)) throw new Error(`--source must be one of ${IMPORT_SOURCES.join(", ")}`);
    const file = required(flags, "file");
    const bytes = readFileSync(file);
    // The file is kept in the job's row until it settles (a resume reads it again).
    if (bytes.length > CLI_IMPORT_MAX_BYTES) throw new Error(`${file} is over ${CLI_IMPORT_MAX_BYTES / 1024 / 1024} MiB: split it (a Markdown zip into several, say)`);
    const { id } = await createImport({ ownerId: user.id, source: source as ImportSource, dryRun: flags["dry-run"] === "true", filename: path.basename(file), bytes });
    await runImport(id, { onProgress: ({ done, total }) => progressLine(`[import] ${done}/${total} items`) });
    if (process.stderr.isTTY) process.stderr.write("\n");
    return (await getImport({ ownerId: user.id, id })).report;
  },

  export: async (flags) => {
    const user = await findUserByUsername(required(flags, "username"));
    const format = (flags.format ?? "json") as ExportFormat;
    if (format !== "json" && format !== "markdown") throw new Error("--format must be json or markdown");
    const out = required(flags, "out");
    await pipeline(writeExport({ id: user.id, username: user.username }, format), createWriteStream(out));
    return { out, format };
  },

  backup: async (flags, { database }) => {
    const out = required(flags, "out");
    const format = flags.format as BackupKind | undefined;
    if (format !== undefined && !(BACKUP_KINDS as readonly string[]).includes(format)) throw new Error(`--format must be one of ${BACKUP_KINDS.join(", ")}`);
    const manifest = await writeBackup({
      // The direct URL when a pooler fronts the database: a snapshot spans many statements.
      url: env.migrationDatabaseUrl ?? database!.url,
      out,
      format,
      dumpDataDir: database!.dumpDataDir,
      onProgress: (line) => progressLine(`[backup] ${line}`),
    });
    if (process.stderr.isTTY) process.stderr.write("\n");
    const rows = manifest.kind === "pglite" ? null : manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    return { out, kind: manifest.kind, ...(manifest.fallback ? { fallback: manifest.fallback } : {}), tables: manifest.tables.length, rows, mediaFiles: manifest.media.files, migrations: manifest.migrations.length };
  },

  restore,
};
