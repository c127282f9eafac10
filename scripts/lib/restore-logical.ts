// Restores the logical kind (backup-logical.ts) into PostgreSQL or PGlite: the schema comes from
// this checkout's migrations (applied first when missing); a database that already holds data is
// emptied first (the caller checked --force). Rows go in with json_populate_recordset, only the
// columns the backup has (a column added by a later migration takes its default), inside one
// transaction with triggers and foreign-key checks off (session_replication_role = replica: the
// derived counters come from the backup itself), then every sequence is set past its column's
// largest value. Each table file is streamed line by line, CHUNK rows an INSERT.
import { createInterface } from "node:readline";
import { applyPendingMigrations } from "./migrations";
import { listTables, withClient, type ArchiveEntry, type BackupManifest } from "./backup-archive";

const CHUNK = 500;

export async function restoreLogical(options: { url: string; entries: ArchiveEntry[]; manifest: BackupManifest; replace: boolean; onProgress?: (line: string) => void }): Promise<number> {
  await applyPendingMigrations({ url: options.url });
  return withClient(options.url, async (client) => {
    let rows = 0;
    try {
      await client.query("BEGIN");
      await client.query("SET LOCAL session_replication_role = replica");
      const tables = await listTables(client);
      if (options.replace) await client.query(`TRUNCATE ${tables.map((t) => `"${t.name}"`).join(", ")} CASCADE`);
      const known = new Map(tables.map((t) => [t.name, new Set(t.columns)]));
      for (const table of options.manifest.tables) {
        const have = known.get(table.name);
        if (!have) throw new Error(`The backup has a table "${table.name}" this version does not`);
        const columns = table.columns.filter((c) => have.has(c)).map((c) => `"${c}"`).join(", ");
        const entry = options.entries.find((e) => e.name === `tables/${table.name}.jsonl`);
        if (!entry) throw new Error(`The backup lacks tables/${table.name}.jsonl`);
        const insert = (lines: string[]) =>
          client.query(`INSERT INTO "${table.name}" (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::"${table.name}", $1::json)`, [`[${lines.join(",")}]`]);
        let chunk: string[] = [];
        let count = 0;
        for await (const line of createInterface({ input: await entry.stream(), crlfDelay: Infinity })) {
          if (!line) continue;
          chunk.push(line);
          if (chunk.length === CHUNK) {
            await insert(chunk);
            count += chunk.length;
            chunk = [];
          }
        }
        if (chunk.length) await insert(chunk);
        count += chunk.length;
        rows += count;
        options.onProgress?.(`${table.name}: ${count} rows`);
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
      return rows;
    } catch (err) {
      await client.query("ROLLBACK").catch(() => {});
      throw err;
    }
  });
}
