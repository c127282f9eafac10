// `admin backup` / `admin restore` (PORTABILITY "Backup and restore") on the run's kind of
// database: the logical kind on PostgreSQL and on PGlite, pg_dump's kind on PostgreSQL
// (tests/support/backup-under-load.ts says what is checked), and the choice of kind. The source
// is a database of this file's own. PGlite's own dump: portability-backup-pglite.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { writeBackup } from "../../scripts/lib/backup";
import { restoreBackup } from "../../scripts/lib/restore";
import { backupUnderLoadAndCompare, type BackupCase } from "../support/backup-under-load";
import { TEST_AUTH_SECRET } from "../support/test-server-env";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const kind = inject("databaseKind") as TestDatabase["kind"];
const dir = mkdtempSync(path.join(tmpdir(), "inkbase-backup-"));
const databases: TestDatabase[] = [];
let source: TestDatabase;

beforeAll(async () => {
  source = await createTestDatabase("inkbase_backup_source", kind);
  databases.push(source);
  // Before anything connects: lib/db reaches this file's own database.
  process.env.DATABASE_URL = source.url;
  process.env.AUTH_SECRET ??= TEST_AUTH_SECRET;
});
afterAll(async () => {
  const { disconnectDb } = await import("../../lib/db");
  await disconnectDb();
  for (const database of databases) await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function urlCase(format: "logical" | "pg_dump"): Promise<BackupCase> {
  const target = await createTestDatabase("inkbase_restore", kind);
  databases.push(target);
  return {
    sourceUrl: source.url,
    backup: (out) => writeBackup({ url: source.url, out, format }),
    restore: (file, force) => restoreBackup({ url: target.url, file, force }),
    onRestored: (fn) => fn(target.url),
  };
}

describe("backup and restore", () => {
  it("logical: a consistent snapshot under write load, restored into a fresh database table by table", async () => {
    await backupUnderLoadAndCompare(await urlCase("logical"), dir, "logical");
  }, 240_000);

  it.skipIf(kind !== "postgres")("pg_dump: a consistent snapshot under write load, restored with pg_restore table by table", async () => {
    await backupUnderLoadAndCompare(await urlCase("pg_dump"), dir, "pg_dump");
  }, 240_000);

  it.skipIf(kind !== "postgres")("on PostgreSQL without --format it takes pg_dump's kind; the embedded database refuses that kind", async () => {
    const file = path.join(dir, "auto.zip");
    const manifest = await writeBackup({ url: source.url, out: file });
    expect(manifest.kind).toBe("pg_dump");
    const embedded = await createTestDatabase("inkbase_restore", "embedded");
    databases.push(embedded);
    await expect(restoreBackup({ url: embedded.url, file, force: false })).rejects.toThrow(/restores only into PostgreSQL/);
  }, 240_000);

  it.skipIf(kind !== "postgres")("falls back to the logical kind, saying why, when pg_dump is missing or older than the server", async () => {
    const bin = mkdtempSync(path.join(tmpdir(), "inkbase-fake-bin-"));
    const path0 = process.env.PATH;
    try {
      process.env.PATH = bin;
      const missing = await writeBackup({ url: source.url, out: path.join(dir, "no-pg-dump.zip") });
      expect(missing).toMatchObject({ kind: "logical", fallback: expect.stringMatching(/pg_dump is not installed/) });
      writeFileSync(path.join(bin, "pg_dump"), "#!/bin/sh\necho 'pg_dump (PostgreSQL) 9.6.24'\n", { mode: 0o755 });
      const old = await writeBackup({ url: source.url, out: path.join(dir, "old-pg-dump.zip") });
      expect(old).toMatchObject({ kind: "logical", fallback: expect.stringMatching(/pg_dump 9 is older than the server/) });
      // Asked for by name, it is an error instead.
      await expect(writeBackup({ url: source.url, out: path.join(dir, "forced.zip"), format: "pg_dump" })).rejects.toThrow(/older than the server/);
    } finally {
      process.env.PATH = path0;
      rmSync(bin, { recursive: true, force: true });
    }
  }, 120_000);

  it.skipIf(kind !== "embedded")("on the embedded database without PGlite's dump at hand it falls back to the logical kind, saying why", async () => {
    const manifest = await writeBackup({ url: source.url, out: path.join(dir, "embedded-auto.zip") });
    expect(manifest).toMatchObject({ kind: "logical", fallback: expect.stringMatching(/holds the data directory/) });
  }, 120_000);
});
