// `admin backup --out FILE [--format logical|pg_dump|pglite]`: a consistent snapshot of the whole
// database while the server keeps serving, as one zip (backup-archive.ts). Without --format:
// on PostgreSQL pg_dump's custom format when a pg_dump of the server's major version or newer is
// installed, else the logical dump; on the embedded database PGlite's own dump of its data
// directory. Whatever falls back says why (`fallback`, printed by the CLI). Local media files go
// in the same zip.
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import yazl from "yazl";
import { env } from "../../lib/env";
import { mediaStorage } from "../../lib/media/storage";
import { addAndWait, BACKUP_FORMAT, BACKUP_VERSION, listAppliedMigrations, listTables, PG_DUMP_ENTRY, PGLITE_ENTRY, withClient, type BackupKind, type BackupManifest } from "./backup-archive";
import { writeLogicalTables } from "./backup-logical";
import { pgDump, pgDumpUsable } from "./backup-pg-dump";
import { EMBEDDED_APPLICATION_NAME } from "./embedded-server";

export { listTables } from "./backup-archive";
export type { BackupManifest } from "./backup-archive";

export type BackupOptions = {
  url: string;
  out: string;
  /** Which kind; by default the best the database and this machine allow. */
  format?: BackupKind;
  /** PGlite's own dump of the data directory (withDatabase gives it on the embedded database). */
  dumpDataDir?: () => Promise<Readable>;
  onProgress?: (line: string) => void;
};

function isEmbedded(url: string): boolean {
  return url.includes(`application_name=${EMBEDDED_APPLICATION_NAME}`);
}

/** The kind to write, and why it is not the preferred one when it falls back. */
async function chooseKind(options: BackupOptions, client: pg.ClientBase): Promise<{ kind: BackupKind; fallback?: string }> {
  const embedded = isEmbedded(options.url);
  if (options.format === "pglite" || (!options.format && embedded)) {
    if (!embedded) throw new Error("--format pglite needs the embedded database (DATABASE_URL names a PostgreSQL server)");
    if (options.dumpDataDir) return { kind: "pglite" };
    const reason = "PGlite's dump needs the process that holds the data directory, and it cannot be reached from here (a server started by an older version offers none: restart it)";
    if (options.format) throw new Error(reason);
    return { kind: "logical", fallback: reason };
  }
  if (options.format === "pg_dump" || !options.format) {
    if (embedded) throw new Error("--format pg_dump needs PostgreSQL (this is the embedded database: use pglite or logical)");
    const usable = await pgDumpUsable(client);
    if (usable.ok) return { kind: "pg_dump" };
    if (options.format) throw new Error(usable.reason);
    return { kind: "logical", fallback: usable.reason };
  }
  return { kind: "logical" };
}

export async function writeBackup(options: BackupOptions): Promise<BackupManifest> {
  const zip = new yazl.ZipFile();
  const written = pipeline(zip.outputStream, createWriteStream(options.out));
  try {
    const manifest = await withClient(options.url, async (client): Promise<BackupManifest> => {
      const { kind, fallback } = await chooseKind(options, client);
      if (fallback) options.onProgress?.(`falling back to the logical dump: ${fallback}`);
      const base = { format: BACKUP_FORMAT, version: BACKUP_VERSION, kind, createdAt: new Date().toISOString(), media: { files: 0, storage: env.mediaStorage }, ...(fallback ? { fallback } : {}) } satisfies Partial<BackupManifest>;
      if (kind === "pglite") {
        const migrations = await listAppliedMigrations(client);
        options.onProgress?.("dumping the embedded database's data directory");
        await addAndWait(zip, await options.dumpDataDir!(), PGLITE_ENTRY);
        return { ...base, migrations, tables: [] };
      }
      // One snapshot: its first statement fixes what every read (and pg_dump's) sees.
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
      try {
        const migrations = await listAppliedMigrations(client);
        let tables: BackupManifest["tables"];
        if (kind === "pg_dump") {
          const snapshot = (await client.query<{ id: string }>(`SELECT pg_export_snapshot() AS id`)).rows[0].id;
          tables = [];
          for (const table of await listTables(client)) {
            const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table.name}"`);
            tables.push({ ...table, rows: rows[0].n });
          }
          const tmp = mkdtempSync(path.join(tmpdir(), "inkbase-pgdump-"));
          try {
            const file = path.join(tmp, PG_DUMP_ENTRY);
            options.onProgress?.("pg_dump");
            await pgDump({ url: options.url, snapshot, file });
            // Already compressed by pg_dump.
            await addAndWait(zip, createReadStream(file), PG_DUMP_ENTRY, false);
          } finally {
            rmSync(tmp, { recursive: true, force: true });
          }
        } else {
          tables = await writeLogicalTables(client, zip, options.onProgress);
        }
        await client.query("COMMIT");
        return { ...base, migrations, tables };
      } catch (err) {
        await client.query("ROLLBACK").catch(() => {});
        throw err;
      }
    });
    if (env.mediaStorage === "local") {
      for await (const object of mediaStorage().list()) {
        const stored = await mediaStorage().get(object.key);
        if (!stored) continue; // deleted since it was listed
        await addAndWait(zip, Readable.fromWeb(stored.body as import("node:stream/web").ReadableStream<Uint8Array>), `media/${object.key}`, false);
        manifest.media.files += 1;
      }
    }
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 1)), "backup.json");
    zip.end();
    await written;
    return manifest;
  } catch (err) {
    // No half-written archive is left behind (an entry that failed mid-stream would keep the zip open).
    (zip.outputStream as Readable).destroy();
    await written.catch(() => {});
    rmSync(options.out, { force: true });
    throw err;
  }
}
