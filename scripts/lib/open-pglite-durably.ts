// Opens a file-backed PGlite data directory so that a commit is on the disk before it is
// acknowledged, as on a real PostgreSQL. PGlite (0.5.14) does not do this by itself: it starts
// PostgreSQL with `-F` (fsync off), and its Node file system (Emscripten's NODEFS) has no fsync,
// so every write reaches the operating system's page cache and no further. That survives a killed
// process (kill -9: the page cache is the kernel's) but not a crash of the machine (power loss,
// kernel panic, VM reset), where recent commits, or a checkpoint's pages, could be lost.
// Here PostgreSQL's own fsync is turned back on, with `wal_sync_method = fsync` (the WASM build's
// fdatasync does nothing, its fsync reaches the file system), and NODEFS gets the fsync it lacks.
// PostgreSQL then orders its syncs itself: the WAL at every commit, data files and directories at
// checkpoints. Measured here: about 4 ms more per commit on an ext4 virtual disk
// (docs/hardening.md).
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";
import { PGLITE_EXTENSIONS } from "./pglite-extensions";

const FSYNC_OFF = "-F";

type NodeFsStream = { nfd?: number };
type EmscriptenNodeFs = {
  stream_ops: { fsync?: (stream: NodeFsStream) => number };
  /** Runs a Node fs call, turning its error into the errno PostgreSQL sees (EIO, ENOSPC, ...). */
  tryFSOperation<T>(operation: () => T): T;
};
type EmscriptenModule = { FS: { filesystems: { NODEFS: EmscriptenNodeFs } } };

/** NodeFS whose files can be fsynced, from before PostgreSQL boots (crash recovery syncs too). */
class SyncingNodeFS extends NodeFS {
  async init(...args: Parameters<NodeFS["init"]>) {
    const { emscriptenOpts } = await super.init(...args);
    const giveNodeFsAnFsync = (module: EmscriptenModule) => {
      const nodeFs = module.FS.filesystems.NODEFS;
      nodeFs.stream_ops.fsync = (stream) => {
        // Through the module object (not a named import), so a test can count the syncs.
        if (stream.nfd !== undefined) nodeFs.tryFSOperation(() => fs.fsyncSync(stream.nfd!));
        return 0;
      };
    };
    const preRun = [...((emscriptenOpts.preRun ?? []) as unknown[]), giveNodeFsAnFsync];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as typeof emscriptenOpts };
  }
}

export async function openPGliteDurably(dataDir: string, options: { loadDataDir?: Blob } = {}): Promise<PGlite> {
  const defaults = PGlite.defaultStartParams;
  // Pinned version; if an upgrade stops passing -F, this file needs a fresh look.
  if (!defaults.includes(FSYNC_OFF)) throw new Error("PGlite's default start parameters changed: review scripts/lib/open-pglite-durably.ts");
  return PGlite.create({
    fs: new SyncingNodeFS(dataDir),
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: options.loadDataDir,
    startParams: [...defaults.filter((param) => param !== FSYNC_OFF), "-c", "wal_sync_method=fsync"],
  });
}
