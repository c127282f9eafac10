// The backup archive (docs/portability.md "Backup and restore"): one zip holding backup.json (the
// manifest: which kind of dump, the migrations applied, the tables), the database in one of three
// kinds, and with local media storage media/<key> (every stored file):
//   logical  tables/<Table>.jsonl, one JSON object a row: restores into PostgreSQL or PGlite alike
//   pg_dump  database.pgdump, pg_dump's custom format: PostgreSQL only, restored by pg_restore
//   pglite   pglite-datadir.tar, PGlite's dumpDataDir: the embedded database only
import { Readable } from "node:stream";
import pg from "pg";
import yauzl from "yauzl";
import yazl from "yazl";

export const BACKUP_FORMAT = "inkbase-backup";
/** 1: logical only (no `kind`); 2: `kind` says which dump the archive holds. */
export const BACKUP_VERSION = 2;

export const BACKUP_KINDS = ["logical", "pg_dump", "pglite"] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];

export const PG_DUMP_ENTRY = "database.pgdump";
export const PGLITE_ENTRY = "pglite-datadir.tar";

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  kind: BackupKind;
  createdAt: string;
  migrations: string[];
  /** Every table with its row count in the snapshot (pglite: none, the tar is the whole database). */
  tables: { name: string; columns: string[]; rows: number }[];
  media: { files: number; storage: string };
  /** Why an automatic choice fell back to the logical kind. */
  fallback?: string;
};

/** The application's tables (the migrations' own table is rebuilt by applying the migrations). */
export async function listTables(client: pg.ClientBase): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(`
    SELECT c.table_name AS name, array_agg(c.column_name::text ORDER BY c.ordinal_position) AS columns
    FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name <> '_prisma_migrations'
    GROUP BY c.table_name ORDER BY c.table_name`);
  return rows;
}

export async function listAppliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ migration_name: string }>(
    `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
  );
  return rows.map((r) => r.migration_name);
}

/** Whether the database holds an instance's data (a migrated but empty one does not). */
export async function hasData(client: pg.ClientBase): Promise<boolean> {
  const exists = await client.query(`SELECT to_regclass('public."User"') IS NOT NULL AS present`);
  if (!exists.rows[0].present) return false;
  const { rows } = await client.query(`SELECT EXISTS (SELECT 1 FROM "User") OR EXISTS (SELECT 1 FROM "Post") AS present`);
  return rows[0].present as boolean;
}

export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Adds one entry and waits until the zip has written it (the next entry's reads then start). */
export function addAndWait(zip: yazl.ZipFile, stream: Readable, name: string, compress = true): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once("end", resolve);
    stream.once("error", reject);
    zip.addReadStream(stream, name, { compress });
  });
}

export type ArchiveEntry = { name: string; stream(): Promise<Readable>; read(): Promise<Buffer> };

/** The archive's entries, each read as a stream when asked (nothing is held in memory). */
export function openArchive(file: string): Promise<{ entries: ArchiveEntry[]; close(): void }> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, zip) => {
      if (err || !zip) return reject(new Error(`${file} is not a readable backup (${err?.message})`));
      const entries: ArchiveEntry[] = [];
      zip.on("entry", (entry: yauzl.Entry) => {
        const stream = () =>
          new Promise<Readable>((res, rej) => zip.openReadStream(entry, (e, s) => (e || !s ? rej(e) : res(s))));
        const read = async () => {
          const chunks: Buffer[] = [];
          for await (const chunk of await stream()) chunks.push(chunk as Buffer);
          return Buffer.concat(chunks);
        };
        entries.push({ name: entry.fileName, stream, read });
        zip.readEntry();
      });
      zip.on("end", () => resolve({ entries, close: () => zip.close() }));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

/** The manifest, checked: an Inkbase backup this checkout can restore (no migration it lacks). */
export async function readManifest(file: string, entries: ArchiveEntry[], localMigrations: Set<string>): Promise<BackupManifest> {
  const entry = entries.find((e) => e.name === "backup.json");
  if (!entry) throw new Error(`${file} is not an Inkbase backup (no backup.json)`);
  const manifest = JSON.parse((await entry.read()).toString("utf8")) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`${file} is not an Inkbase backup`);
  manifest.kind ??= "logical"; // version 1
  if (!(BACKUP_KINDS as readonly string[]).includes(manifest.kind)) throw new Error(`${file} holds a kind of backup this version does not know ("${manifest.kind}")`);
  const unknown = manifest.migrations.filter((name) => !localMigrations.has(name));
  if (unknown.length) throw new Error(`The backup was made by a newer version (migrations ${unknown.join(", ")} are not in this checkout)`);
  return manifest;
}
