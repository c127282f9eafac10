// Restores the pglite kind (PGlite's dumpDataDir) onto the embedded database's data directory.
// It replaces PostgreSQL's own files there (PG_VERSION, base/, pg_wal/…), not the media folder
// or the instance's secrets beside them, so it needs the directory to itself: a running server
// holds its lock and the restore is refused until it stops. The old files are moved aside and put
// back if loading fails; the restored database gets this checkout's pending migrations.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { applyPendingMigrations } from "./migrations";
import { hasData, PGLITE_ENTRY, withClient, type ArchiveEntry } from "./backup-archive";
import { startEmbeddedServer, withLockedDataDir } from "./embedded-server";
import { countRows } from "./restore-pg-dump";

const POSTGRES_FILES = /^(PG_VERSION|base|global|pg_[\w.]+|postgresql(\.auto)?\.conf|postmaster\.\w+)$/;

function moveDatabaseFiles(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) if (POSTGRES_FILES.test(name)) renameSync(path.join(from, name), path.join(to, name));
}

export async function restorePGlite(options: { dataDir: string; entries: ArchiveEntry[]; force: boolean; onProgress?: (line: string) => void }): Promise<{ tables: number; rows: number }> {
  const entry = options.entries.find((e) => e.name === PGLITE_ENTRY);
  if (!entry) throw new Error(`The backup lacks ${PGLITE_ENTRY}`);
  return withLockedDataDir(options.dataDir, async (dir) => {
    if (existsSync(path.join(dir, "PG_VERSION"))) {
      const current = await startEmbeddedServer({ dataDir: dir, lockHeld: true });
      const full = await withClient(current.url, hasData).finally(() => current.close());
      if (full && !options.force) throw new Error("The database is not empty: restore refuses to overwrite it (add --force to replace everything in it)");
    }
    // PGlite loads a data directory from one Blob. What is not a tar (or a gzipped one) is refused
    // before anything moves: PGlite meets it with an error it does not hand back.
    const bytes = await entry.read();
    const gzip = bytes[0] === 0x1f && bytes[1] === 0x8b;
    if (!gzip && bytes.subarray(257, 262).toString("latin1") !== "ustar") throw new Error(`The backup's ${PGLITE_ENTRY} is not a tar archive`);
    const tar = new Blob([new Uint8Array(bytes)]);
    const aside = path.join(dir, `.before-restore-${Date.now()}`);
    moveDatabaseFiles(dir, aside);
    try {
      options.onProgress?.("loading the data directory");
      const server = await startEmbeddedServer({ dataDir: dir, lockHeld: true, loadDataDir: tar });
      try {
        await applyPendingMigrations({ url: server.url });
        return await countRows(server.url);
      } finally {
        await server.close();
      }
    } catch (err) {
      for (const name of readdirSync(dir)) if (POSTGRES_FILES.test(name)) rmSync(path.join(dir, name), { recursive: true, force: true });
      moveDatabaseFiles(aside, dir);
      throw err;
    } finally {
      rmSync(aside, { recursive: true, force: true });
    }
  });
}
