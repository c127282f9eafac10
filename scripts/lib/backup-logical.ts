// The logical kind of backup: every table as tables/<Table>.jsonl (one JSON object a row, from
// row_to_json), read in the caller's snapshot transaction. The one kind that restores into either
// database: a PGlite instance's backup onto a PostgreSQL server (the move from a laptop to
// production) and back. Rows are read a page at a time while the zip streams them to the file.
import { Readable } from "node:stream";
import type pg from "pg";
import type yazl from "yazl";
import { addAndWait, listTables, type BackupManifest } from "./backup-archive";

const PAGE = 2000;

export async function writeLogicalTables(client: pg.ClientBase, zip: yazl.ZipFile, onProgress?: (line: string) => void): Promise<BackupManifest["tables"]> {
  const out: BackupManifest["tables"] = [];
  for (const table of await listTables(client)) {
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
      onProgress?.(`${table.name}: ${rows} rows`);
    };
    await addAndWait(zip, Readable.from(lines()), `tables/${table.name}.jsonl`);
    out.push({ ...table, rows });
  }
  return out;
}
