// `admin backup --out FILE`: a consistent snapshot of the whole database while the server keeps
// serving, as one zip: backup.json (format, migrations applied, tables and their columns),
// tables/<Table>.jsonl (one JSON object a row, from row_to_json) and, with local media storage,
// media/<key> (every stored file). Every table is read inside ONE transaction at REPEATABLE READ
// (READ ONLY): the snapshot is that of its first statement, whatever commits meanwhile. The same
// logical format on PostgreSQL and on the embedded PGlite, so a backup of one restores into the
// other (see docs/portability.md for why this and not pg_dump). Rows are read a page at a time
// and written as the zip streams to the file: memory stays flat.
import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import yazl from "yazl";
import { env } from "../../lib/env";
import { mediaStorage } from "../../lib/media/storage";

export const BACKUP_FORMAT = "inkbase-backup";
export const BACKUP_VERSION = 1;
const PAGE = 2000;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  migrations: string[];
  tables: { name: string; columns: string[]; rows: number }[];
  media: { files: number; storage: string };
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

export async function writeBackup(options: { url: string; out: string; onProgress?: (line: string) => void }): Promise<BackupManifest> {
  const client = new pg.Client({ connectionString: options.url });
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    const migrations = (
      await client.query<{ migration_name: string }>(`SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`)
    ).rows.map((r) => r.migration_name);
    const tables = await listTables(client);
    const manifest: BackupManifest = { format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString(), migrations, tables: [], media: { files: 0, storage: env.mediaStorage } };
    const zip = new yazl.ZipFile();
    const written = pipeline(zip.outputStream, createWriteStream(options.out));
    // Tables one after another, each read in pages inside the snapshot while the zip writes it.
    for (const table of tables) {
      let rows = 0;
      const lines = async function* () {
        // Keyset paging on the row's physical position: stable inside the snapshot, and each page
        // starts where the last one ended (a TID range scan) instead of counting past an offset.
        for (let after = "(0,0)"; ; ) {
          const page = await client.query<{ row: string; at: string }>(
            `SELECT row_to_json(t)::text AS row, t.ctid::text AS at FROM "${table.name}" t WHERE t.ctid > $1::tid ORDER BY t.ctid LIMIT ${PAGE}`,
            [after],
          );
          for (const { row } of page.rows) yield row + "\n";
          rows += page.rows.length;
          if (page.rows.length < PAGE) break;
          after = page.rows[page.rows.length - 1].at;
        }
        options.onProgress?.(`${table.name}: ${rows} rows`);
      };
      await addAndWait(zip, Readable.from(lines()), `tables/${table.name}.jsonl`);
      manifest.tables.push({ ...table, rows });
    }
    await client.query("COMMIT");
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
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

/** Adds one entry and waits until the zip has written it (the next entry's reads then start). */
function addAndWait(zip: yazl.ZipFile, stream: Readable, name: string, compress = true): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.once("end", resolve);
    stream.once("error", reject);
    zip.addReadStream(stream, name, { compress });
  });
}
