// `admin backup` / `admin restore` (PORTABILITY "Backup and restore"), on the run's database
// (PostgreSQL or the embedded PGlite): a backup taken while posts are being written is one
// snapshot (the trigger-kept public counts agree with the posts it holds, every tag link has its
// tag, nothing written before it started is missing), it restores into a fresh database row for
// row, table by table, and a database that holds data is refused without --force.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createPost } from "../../lib/posts/create-post";
import { writeBackup, listTables } from "../../scripts/lib/backup";
import { restoreBackup } from "../../scripts/lib/restore";
import { connectTestDatabase, createTestUser } from "../support/fixtures";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

connectTestDatabase();

const dir = mkdtempSync(path.join(tmpdir(), "inkbase-backup-"));
const fresh: TestDatabase[] = [];
afterAll(async () => {
  for (const database of fresh) await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function tableRows(url: string): Promise<Record<string, string[]>> {
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

describe("backup and restore", () => {
  it("takes a consistent snapshot under write load and restores it row for row into a fresh database", async () => {
    const url = inject("databaseUrl");
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
    const file = path.join(dir, "backup.zip");
    const manifest = await writeBackup({ url, out: file });
    writing = false;
    await writer;
    expect(written).toBeGreaterThan(3);
    expect(manifest.tables.find((t) => t.name === "Post")!.rows).toBeGreaterThanOrEqual(33);

    const target = await createTestDatabase("inkbase_restore", inject("databaseKind") as TestDatabase["kind"]);
    fresh.push(target);
    const result = await restoreBackup({ url: target.url, file, force: false });
    expect(result.tables).toBe(manifest.tables.length);

    const restored = await tableRows(target.url);
    // Row for row what the backup holds, every table.
    for (const table of manifest.tables) expect(restored[table.name], table.name).toHaveLength(table.rows);
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const mine = (await client.query(`SELECT slug FROM "Post" WHERE "ownerId" = $1`, [user.id])).rows.map((r) => r.slug as string);
      for (let i = 0; i < 30; i++) expect(mine).toContain(`before-${i}`);
      // One snapshot: the counters the triggers keep agree with the posts the backup holds.
      const { rows } = await client.query(`
        SELECT c."ownerId", c.count, (SELECT count(*)::int FROM "Post" p WHERE p."ownerId" = c."ownerId" AND p.status = 'published' AND p.visibility = 'public') AS actual
        FROM "PostPublicCount" c`);
      for (const row of rows) expect(row.count, row.ownerId).toBe(row.actual);
      const orphans = await client.query(`SELECT count(*)::int AS n FROM "PostTag" pt WHERE NOT EXISTS (SELECT 1 FROM "Tag" t WHERE t.id = pt."tagId")`);
      expect(orphans.rows[0].n).toBe(0);
      // Sequences continue past the restored rows.
      const seq = await client.query(`SELECT nextval(pg_get_serial_sequence('"OutboxEvent"', 'sequence')) > COALESCE((SELECT max(sequence) FROM "OutboxEvent"), 0) AS ok`);
      expect(seq.rows[0].ok).toBe(true);
    } finally {
      await client.end();
    }

    // A second restore into the same database is refused: it is not empty.
    await expect(restoreBackup({ url: target.url, file, force: false })).rejects.toThrow(/not empty/);
    // With --force it replaces everything, and the result is the same rows again.
    await restoreBackup({ url: target.url, file, force: true });
    expect(await tableRows(target.url)).toEqual(restored);
  }, 240_000);
});
