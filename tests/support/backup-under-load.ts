// The backup contract's test, for each kind of backup on its database: a backup taken while posts
// are being written is one snapshot (the trigger-kept public counts agree with the posts it holds,
// every tag link has its tag, nothing written before it started is missing, every table holds
// the rows the manifest counted), it restores into a fresh database, a database that holds data
// is refused without --force, and a backup at rest restores (with --force) into exactly the rows
// of the source, table by table. The source is the test file's own database (set as DATABASE_URL
// before anything connects), so nothing but this test writes to it.
import path from "node:path";
import pg from "pg";
import { expect } from "vitest";
import { createPost } from "../../lib/posts/create-post";
import { listTables, type BackupManifest } from "../../scripts/lib/backup";
import { createTestUser } from "./fixtures";

export type BackupCase = {
  sourceUrl: string;
  backup(out: string): Promise<BackupManifest>;
  restore(file: string, force: boolean): Promise<unknown>;
  /** Runs `fn` with a URL of the restored database (started for it when need be). */
  onRestored<T>(fn: (url: string) => Promise<T>): Promise<T>;
};

export async function tableRows(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, string[]> = {};
    for (const table of await listTables(client)) {
      const { rows } = await client.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${table.name}" t`);
      out[table.name] = rows.map((r) => r.row).sort();
    }
    return out;
  } finally {
    await client.end();
  }
}

async function checkSnapshot(url: string, ownerId: string, manifest: BackupManifest): Promise<void> {
  const restored = await tableRows(url);
  // Every table holds what the snapshot counted (PGlite's tar carries no counts: the checks below).
  for (const table of manifest.tables) expect(restored[table.name], table.name).toHaveLength(table.rows);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const mine = (await client.query(`SELECT slug FROM "Post" WHERE "ownerId" = $1`, [ownerId])).rows.map((r) => r.slug as string);
    for (let i = 0; i < 30; i++) expect(mine).toContain(`before-${i}`);
    // One snapshot: the counters the triggers keep agree with the posts the backup holds.
    const { rows } = await client.query(`
      SELECT c."ownerId", c.count, (SELECT count(*)::int FROM "Post" p WHERE p."ownerId" = c."ownerId" AND p.status = 'published' AND p.visibility = 'public') AS actual
      FROM "PostPublicCount" c`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.count, row.ownerId).toBe(row.actual);
    const orphans = await client.query(`SELECT count(*)::int AS n FROM "PostTag" pt WHERE NOT EXISTS (SELECT 1 FROM "Tag" t WHERE t.id = pt."tagId")`);
    expect(orphans.rows[0].n).toBe(0);
    // Sequences continue past the restored rows.
    const seq = await client.query(`SELECT nextval(pg_get_serial_sequence('"OutboxEvent"', 'sequence')) > COALESCE((SELECT max(sequence) FROM "OutboxEvent"), 0) AS ok`);
    expect(seq.rows[0].ok).toBe(true);
  } finally {
    await client.end();
  }
}

export async function backupUnderLoadAndCompare(c: BackupCase, dir: string, kind: BackupManifest["kind"]): Promise<void> {
  const user = await createTestUser();
  for (let i = 0; i < 30; i++) await createPost({ owner: user, input: { title: `Before ${i}`, slug: `before-${i}`, status: i % 2 ? "published" : "draft", tagNames: [`t${i % 3}`] } });

  let writing = true;
  let written = 0;
  const writer = (async () => {
    while (writing) {
      await createPost({ owner: user, input: { title: `During ${written}`, slug: `during-${written}`, status: "published", tagNames: ["load"] } });
      written += 1;
    }
  })();
  // Let the writes get going before the snapshot starts.
  while (written < 3) await new Promise((r) => setTimeout(r, 20));
  const underLoad = path.join(dir, `${kind}-under-load.zip`);
  const manifest = await c.backup(underLoad).finally(() => (writing = false));
  await writer;
  expect(manifest.kind).toBe(kind);
  expect(written).toBeGreaterThan(3);
  if (kind !== "pglite") expect(manifest.tables.find((t) => t.name === "Post")!.rows).toBeGreaterThanOrEqual(33);

  await c.restore(underLoad, false);
  await c.onRestored((url) => checkSnapshot(url, user.id, manifest));
  // A second restore into the same database is refused: it is not empty.
  await expect(c.restore(underLoad, false)).rejects.toThrow(/not empty/);

  // At rest: every row of every table, exactly (with --force, over the first restore).
  const atRest = path.join(dir, `${kind}-at-rest.zip`);
  await c.backup(atRest);
  const source = await tableRows(c.sourceUrl);
  await c.restore(atRest, true);
  expect(await c.onRestored(tableRows)).toEqual(source);
}
