// `admin backup` with PGlite's own dump (dumpDataDir) and its restore onto a data directory: the
// source is an embedded database of this file's own, served and announced as `npm start` serves
// it, so the dump is asked of the process that holds it over its dump channel, as the CLI asks a
// running server (tests/support/backup-under-load.ts says what is checked). Then the CLI itself:
// `admin backup` against the running server, and `admin restore` refused while a server holds
// the directory, accepted once it is free. And the logical kind moves it onto PostgreSQL.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeBackup } from "../../scripts/lib/backup";
import { connectOrStartEmbedded, startEmbeddedServer, type EmbeddedServer } from "../../scripts/lib/embedded-server";
import { applyPendingMigrations } from "../../scripts/lib/migrations";
import { restoreBackup } from "../../scripts/lib/restore";
import { backupUnderLoadAndCompare, tableRows } from "../support/backup-under-load";
import { runAdmin } from "../support/run-admin";
import { TEST_AUTH_SECRET } from "../support/test-server-env";
import { createTestDatabase } from "../support/test-database";

const dir = mkdtempSync(path.join(tmpdir(), "inkbase-backup-pglite-"));
const sourceDir = path.join(dir, "source");
const targetDir = path.join(dir, "target");
let source: EmbeddedServer;

beforeAll(async () => {
  source = await startEmbeddedServer({ dataDir: sourceDir, announce: true });
  await applyPendingMigrations({ url: source.url });
  process.env.DATABASE_URL = source.url;
  process.env.AUTH_SECRET ??= TEST_AUTH_SECRET;
});
afterAll(async () => {
  const { disconnectDb } = await import("../../lib/db");
  await disconnectDb();
  await source?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function onTarget<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const server = await startEmbeddedServer({ dataDir: targetDir });
  try {
    return await fn(server.url);
  } finally {
    await server.close();
  }
}

describe("PGlite's own dump", () => {
  it("a consistent snapshot under write load, asked of the server that holds the data directory, restored onto a fresh one table by table", async () => {
    // As the CLI reaches it: through the announcement, not this process's handle.
    const reached = await connectOrStartEmbedded(sourceDir);
    await backupUnderLoadAndCompare(
      {
        sourceUrl: source.url,
        backup: (out) => writeBackup({ url: reached.url, out, dumpDataDir: reached.dumpDataDir }),
        restore: (file, force) => restoreBackup({ dataDir: targetDir, file, force }),
        onRestored: onTarget,
      },
      dir,
      "pglite",
    );
    await reached.release();
  }, 300_000);

  it("the CLI backs up the running server's database, and restores only onto a directory nobody holds", async () => {
    const file = path.join(dir, "cli.zip");
    const env = { DATABASE_URL: undefined, DATA_DIR: sourceDir, MEDIA_STORAGE: "local" };
    const backup = await runAdmin(["backup", "--out", file], env);
    expect(backup.json, backup.stderr).toMatchObject({ out: file, kind: "pglite", rows: null });

    // The source's server holds its directory: a restore onto it is refused, nothing touched.
    const refused = await runAdmin(["restore", "--in", file, "--force"], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/already open in process/);

    const fresh = path.join(dir, "cli-target");
    const restored = await runAdmin(["restore", "--in", file], { ...env, DATA_DIR: fresh });
    expect(restored.json, restored.stderr).toMatchObject({ kind: "pglite", tables: expect.any(Number) });
    expect(existsSync(path.join(fresh, "PG_VERSION"))).toBe(true);
    const server = await startEmbeddedServer({ dataDir: fresh });
    try {
      expect(await tableRows(server.url)).toEqual(await tableRows(source.url));
    } finally {
      await server.close();
    }
  }, 300_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)("a logical backup of the embedded database restores into PostgreSQL row for row (the move to a server)", async () => {
    const file = path.join(dir, "to-postgres.zip");
    const manifest = await writeBackup({ url: source.url, out: file, format: "logical" });
    expect(manifest.kind).toBe("logical");
    const target = await createTestDatabase("inkbase_restore", "postgres");
    try {
      await restoreBackup({ url: target.url, file, force: false });
      expect(await tableRows(target.url)).toEqual(await tableRows(source.url));
    } finally {
      await target.drop();
    }
  }, 300_000);
});
