// `admin restore --in FILE`: a backup (backup.ts) into an empty database. The schema comes from
// this checkout's migrations (applied first when missing); a backup that names a migration this
// checkout does not have is refused (it was made by a newer version). A database that already
// holds data is refused unless `force`, which empties every table first. Rows go in with
// json_populate_recordset, only the columns the backup has (a column added by a later migration
// takes its default), inside one transaction with triggers and foreign-key checks off
// (session_replication_role = replica: the derived counters come from the backup itself), then
// every sequence is set past its column's largest value. Local media files are written back.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import yauzl from "yauzl";
import { env } from "../../lib/env";
import { applyPendingMigrations } from "./migrations";
import { BACKUP_FORMAT, listTables, type BackupManifest } from "./backup";
import { readdirSync } from "node:fs";

const CHUNK = 500;

type Entry = { name: string; read(): Promise<Buffer> };

function openZip(file: string): Promise<{ entries: Entry[]; close(): void }> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (err, zip) => {
      if (err || !zip) return reject(new Error(`${file} is not a readable backup (${err?.message})`));
      const entries: Entry[] = [];
      zip.on("entry", (entry: yauzl.Entry) => {
        entries.push({
          name: entry.fileName,
          read: () =>
            new Promise((res, rej) =>
              zip.openReadStream(entry, (e, stream) => {
                if (e || !stream) return rej(e);
                const chunks: Buffer[] = [];
                stream.on("data", (c: Buffer) => chunks.push(c));
                stream.on("end", () => res(Buffer.concat(chunks)));
                stream.on("error", rej);
              }),
            ),
        });
        zip.readEntry();
      });
      zip.on("end", () => resolve({ entries, close: () => zip.close() }));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

async function hasData(client: pg.ClientBase): Promise<boolean> {
  const exists = await client.query(`SELECT to_regclass('public."User"') IS NOT NULL AS present`);
  if (!exists.rows[0].present) return false;
  const { rows } = await client.query(`SELECT EXISTS (SELECT 1 FROM "User") OR EXISTS (SELECT 1 FROM "Post") AS present`);
  return rows[0].present as boolean;
}

export async function restoreBackup(options: { url: string; file: string; force: boolean; onProgress?: (line: string) => void }): Promise<{ tables: number; rows: number; mediaFiles: number }> {
  const zip = await openZip(options.file);
  try {
    const manifestEntry = zip.entries.find((e) => e.name === "backup.json");
    if (!manifestEntry) throw new Error(`${options.file} is not an Inkbase backup (no backup.json)`);
    const manifest = JSON.parse((await manifestEntry.read()).toString("utf8")) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) throw new Error(`${options.file} is not an Inkbase backup`);
    const local = new Set(readdirSync(path.resolve("prisma/migrations")).filter((name) => /^\d/.test(name)));
    const unknown = manifest.migrations.filter((name) => !local.has(name));
    if (unknown.length) throw new Error(`The backup was made by a newer version (migrations ${unknown.join(", ")} are not in this checkout)`);

    const check = new pg.Client({ connectionString: options.url });
    await check.connect();
    const full = await hasData(check).finally(() => check.end());
    if (full && !options.force) throw new Error("The database is not empty: restore refuses to overwrite it (add --force to replace everything in it)");
    await applyPendingMigrations({ url: options.url });

    const client = new pg.Client({ connectionString: options.url });
    await client.connect();
    let rows = 0;
    try {
      await client.query("BEGIN");
      await client.query("SET LOCAL session_replication_role = replica");
      const tables = await listTables(client);
      if (full) await client.query(`TRUNCATE ${tables.map((t) => `"${t.name}"`).join(", ")} CASCADE`);
      const known = new Map(tables.map((t) => [t.name, new Set(t.columns)]));
      for (const table of manifest.tables) {
        const have = known.get(table.name);
        if (!have) throw new Error(`The backup has a table "${table.name}" this version does not`);
        const columns = table.columns.filter((c) => have.has(c)).map((c) => `"${c}"`).join(", ");
        const entry = zip.entries.find((e) => e.name === `tables/${table.name}.jsonl`);
        if (!entry) throw new Error(`The backup lacks tables/${table.name}.jsonl`);
        const lines = (await entry.read()).toString("utf8").split("\n").filter(Boolean);
        for (let i = 0; i < lines.length; i += CHUNK) {
          const json = `[${lines.slice(i, i + CHUNK).join(",")}]`;
          await client.query(`INSERT INTO "${table.name}" (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::"${table.name}", $1::json)`, [json]);
        }
        rows += lines.length;
        options.onProgress?.(`${table.name}: ${lines.length} rows`);
      }
      const sequences = await client.query<{ table: string; column: string; seq: string }>(`
        SELECT c.relname AS table, a.attname AS column, pg_get_serial_sequence(format('%I', c.relname), a.attname) AS seq
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
          AND pg_get_serial_sequence(format('%I', c.relname), a.attname) IS NOT NULL`);
      for (const s of sequences.rows) {
        await client.query(`SELECT setval($1, COALESCE((SELECT max("${s.column}") FROM "${s.table}"), 1), (SELECT max("${s.column}") IS NOT NULL FROM "${s.table}"))`, [s.seq]);
      }
      await client.query("COMMIT");
    } catch (err) {
      await client.query("ROLLBACK").catch(() => {});
      throw err;
    } finally {
      await client.end();
    }

    let mediaFiles = 0;
    if (env.mediaStorage === "local") {
      for (const entry of zip.entries.filter((e) => e.name.startsWith("media/") && !e.name.endsWith("/"))) {
        const key = entry.name.slice("media/".length);
        if (key.includes("..")) continue;
        const target = path.join(env.dataDir, "media", key);
        mkdirSync(path.dirname(target), { recursive: true });
        writeFileSync(target, await entry.read());
        mediaFiles += 1;
      }
    }
    return { tables: manifest.tables.length, rows, mediaFiles };
  } finally {
    zip.close();
  }
}
