// `admin backup` with PGlite's own dump (dumpDataDir) and its restore onto a data directory: the
// source is an embedded database of this file's own, served and announced as `npm start` serves
// it, so the dump is asked of the process that holds it over its dump channel, as the CLI asks a
// running server (tests/support/backup-under-load.ts says what is checked). Then the CLI itself:
// `admin backup` against the running server, and `admin restore` refused while a server holds
// the directory, accepted once it is free; a tar that fails to load leaves the old database in
// place. And the logical kind moves it onto PostgreSQL.
import { createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeBackup } from "../../scripts/lib/backup";
import { openArchive, PGLITE_ENTRY } from "../../scripts/lib/backup-archive";
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

  it("a data directory that fails to load leaves the database it was to replace as it was", async () => {
    const good = path.join(dir, "good.zip");
    const broken = path.join(dir, "broken.zip");
    const restoredDir = path.join(dir, "fails-to-load");
    await writeBackup({ url: source.url, out: good, dumpDataDir: () => source.dumpDataDir() });
    await restoreBackup({ dataDir: restoredDir, file: good, force: false });
    const onRestored = async <T>(fn: (url: string) => Promise<T>) => {
      const server = await startEmbeddedServer({ dataDir: restoredDir });
      return fn(server.url).finally(() => server.close());
    };
    const before = await onRestored(tableRows);
    const archive = await openArchive(good);
    const manifest = (await archive.entries.find((e) => e.name === "backup.json")!.read()).toString("utf8");
    archive.close();
    // Not a tar at all: refused before anything moves.
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(manifest), "backup.json");
    zip.addBuffer(Buffer.from("not a tar at all".repeat(64)), PGLITE_ENTRY);
    zip.end();
    await pipeline(zip.outputStream, createWriteStream(broken));
    await expect(restoreBackup({ dataDir: restoredDir, file: broken, force: true })).rejects.toThrow(/not a tar archive/);
    // A tar whose files are no database: PGlite fails to start on them, and the old files come back.
    const tarOfNothing = Buffer.alloc(1024);
    tarOfNothing.write("junk.txt", 0);
    tarOfNothing.write("ustar", 257);
    const junk = new yazl.ZipFile();
    junk.addBuffer(Buffer.from(manifest), "backup.json");
    junk.addBuffer(tarOfNothing, PGLITE_ENTRY);
    junk.end();
    await pipeline(junk.outputStream, createWriteStream(broken));
    await expect(restoreBackup({ dataDir: restoredDir, file: broken, force: true })).rejects.toThrow();
    expect(await onRestored(tableRows)).toEqual(before);
    expect(readdirSync(restoredDir).filter((name) => name.startsWith(".before-restore"))).toEqual([]);
  }, 300_000);
});
