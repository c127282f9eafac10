// `admin restore --in FILE [--force]`: a backup (backup.ts) of any kind into an empty database,
// the kind read from its manifest: logical into PostgreSQL or the embedded database, pg_dump into
// PostgreSQL (pg_restore), pglite onto the embedded database's data directory. A database that
// holds data is refused unless `force`; a backup naming a migration this checkout lacks is
// refused (it was made by a newer version). Local media files are written back.
import { createWriteStream, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { env } from "../../lib/env";
import { hasData, openArchive, readManifest, withClient, type ArchiveEntry, type BackupKind } from "./backup-archive";
import { EMBEDDED_APPLICATION_NAME } from "./embedded-server";
import { restoreLogical } from "./restore-logical";
import { restorePgDump } from "./restore-pg-dump";
import { restorePGlite } from "./restore-pglite";

export type RestoreTarget = { url: string } | { dataDir: string };
export type RestoreResult = { kind: BackupKind; tables: number; rows: number; mediaFiles: number };

function localMigrations(): Set<string> {
  return new Set(readdirSync(path.resolve("prisma/migrations")).filter((name) => /^\d/.test(name)));
}

/** Which kind of dump the archive holds (the CLI picks the target from it). */
export async function readBackupKind(file: string): Promise<BackupKind> {
  const archive = await openArchive(file);
  try {
    return (await readManifest(file, archive.entries, localMigrations())).kind;
  } finally {
    archive.close();
  }
}

async function restoreMedia(entries: ArchiveEntry[]): Promise<number> {
  if (env.mediaStorage !== "local") return 0;
  let files = 0;
  for (const entry of entries.filter((e) => e.name.startsWith("media/") && !e.name.endsWith("/"))) {
    const key = entry.name.slice("media/".length);
    if (key.split("/").includes("..")) continue;
    const target = path.join(env.dataDir, "media", key);
    mkdirSync(path.dirname(target), { recursive: true });
    await pipeline(await entry.stream(), createWriteStream(target));
    files += 1;
  }
  return files;
}

export async function restoreBackup(options: RestoreTarget & { file: string; force: boolean; onProgress?: (line: string) => void }): Promise<RestoreResult> {
  const archive = await openArchive(options.file);
  try {
    const manifest = await readManifest(options.file, archive.entries, localMigrations());
    const { onProgress } = options;
    let counted: { tables: number; rows: number };
    if (manifest.kind === "pglite") {
      if (!("dataDir" in options)) throw new Error("This backup is PGlite's own dump: it restores only onto the embedded database (unset DATABASE_URL). To move to PostgreSQL, back up with --format logical");
      counted = await restorePGlite({ dataDir: options.dataDir, entries: archive.entries, force: options.force, onProgress });
    } else {
      if (!("url" in options)) throw new Error(`A ${manifest.kind} backup restores through a database URL`);
      const embedded = options.url.includes(`application_name=${EMBEDDED_APPLICATION_NAME}`);
      if (manifest.kind === "pg_dump" && embedded) throw new Error("This backup is pg_dump's: it restores only into PostgreSQL (set DATABASE_URL). To move to the embedded database, back up with --format logical");
      const full = await withClient(options.url, hasData);
      if (full && !options.force) throw new Error("The database is not empty: restore refuses to overwrite it (add --force to replace everything in it)");
      counted =
        manifest.kind === "pg_dump"
          ? await restorePgDump({ url: options.url, entries: archive.entries, onProgress })
          : { tables: manifest.tables.length, rows: await restoreLogical({ url: options.url, entries: archive.entries, manifest, replace: full, onProgress }) };
    }
    const mediaFiles = await restoreMedia(archive.entries);
    return { kind: manifest.kind, ...counted, mediaFiles };
  } finally {
    archive.close();
  }
}
