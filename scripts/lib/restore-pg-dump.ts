// Restores the pg_dump kind into a PostgreSQL database with pg_restore. The archive is checked
// first (`pg_restore --list`: readable, and not from a newer pg_dump than the pg_restore here);
// then the public schema is dropped and made again — a fresh database migrated by a checkout
// already has the tables, and pg_restore creates them from the dump — and pg_restore loads the
// dump in one transaction (schema, data, the migrations table). Pending migrations of this
// checkout are applied last (a backup from an older version). If pg_restore fails after the drop,
// the database is left without tables: restore again.
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { applyPendingMigrations } from "./migrations";
import { listTables, PG_DUMP_ENTRY, withClient, type ArchiveEntry } from "./backup-archive";
import { libpqUrl, runTool, toolMajorVersion } from "./backup-pg-dump";

export async function restorePgDump(options: { url: string; entries: ArchiveEntry[]; onProgress?: (line: string) => void }): Promise<{ tables: number; rows: number }> {
  const entry = options.entries.find((e) => e.name === PG_DUMP_ENTRY);
  if (!entry) throw new Error(`The backup lacks ${PG_DUMP_ENTRY}`);
  if ((await toolMajorVersion("pg_restore")) === undefined) {
    throw new Error("This backup was written by pg_dump: restoring it needs pg_restore (PostgreSQL's client tools) on the PATH");
  }
  const tmp = mkdtempSync(path.join(tmpdir(), "inkbase-pgrestore-"));
  try {
    const file = path.join(tmp, PG_DUMP_ENTRY);
    await pipeline(await entry.stream(), createWriteStream(file));
    await runTool("pg_restore", ["--list", file]);
    await withClient(options.url, (client) => client.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public"));
    options.onProgress?.("pg_restore");
    await runTool("pg_restore", ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", `--dbname=${libpqUrl(options.url)}`, file]);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  await applyPendingMigrations({ url: options.url });
  return countRows(options.url);
}

/** The restored database's tables and rows, for the report. */
export function countRows(url: string): Promise<{ tables: number; rows: number }> {
  return withClient(url, async (client) => {
    const tables = await listTables(client);
    let rows = 0;
    for (const table of tables) rows += (await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table.name}"`)).rows[0].n;
    return { tables: tables.length, rows };
  });
}
