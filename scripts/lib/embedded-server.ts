// The embedded database: PGlite (Postgres compiled to WASM) with its files in DATA_DIR, served
// over the Postgres wire protocol so that `pg`, Prisma's adapter-pg and other processes (admin
// CLI, migration tool) talk to it exactly as to a real PostgreSQL.
//
// Only one process may open a PGlite data directory. That process holds `embedded.lock` (its pid)
// and, when it serves others, announces itself in `embedded.json` ({ pid, port }).
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Readable } from "node:stream";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { dumpDataDir, requestDump, serveDumps, type DumpChannel } from "./embedded-dump-channel";
import { openPGliteDurably } from "./open-pglite-durably";
import { PGLITE_EXTENSIONS } from "./pglite-extensions";
import { queueBySync } from "./pglite-queue-by-sync";

export interface EmbeddedServer {
  url: string;
  port: number;
  /** PGlite's own dump of the data directory (a tar), taken in this process. */
  dumpDataDir(): Promise<Readable>;
  close(): Promise<void>;
}

const MEMORY = "memory://";
const LOCK_FILE = "embedded.lock";
const ANNOUNCE_FILE = "embedded.json";

/** Thrown when another live process already has the data directory open. */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The embedded database in ${dataDir} is already open in process ${pid}`);
  }
}

// Data directories this process holds: a second open in the same process must fail too, and
// the pid in the lock file cannot tell us that (it is our own pid).
const heldHere = new Set<string>();

function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // alive, owned by someone else
  }
  return !isZombie(pid);
}

// A SIGKILLed server whose parent died too stays a zombie until something reaps it, and where
// PID 1 does not reap (some containers) that is forever. kill(pid, 0) succeeds on a zombie, so
// ask /proc (Linux) whether the process is really running.
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return false;
  }
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

function acquireLock(dir: string): void {
  if (heldHere.has(dir)) throw new DataDirBusyError(dir, process.pid);
  const lock = path.join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      writeFileSync(lock, JSON.stringify({ pid: process.pid }), { flag: "wx" });
      heldHere.add(dir);
      // Whoever held the lock before us is gone, and so is any server it announced.
      rmSync(path.join(dir, ANNOUNCE_FILE), { force: true });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = Number(readJson(lock)?.pid);
    // Our own pid in a lock we do not hold is a leftover too: containers restart with the
    // same pids, so a killed server's pid is often reused by its successor.
    if (pidAlive(owner) && owner !== process.pid) throw new DataDirBusyError(dir, owner);
    rmSync(lock, { force: true }); // stale: its process was killed
  }
  throw new Error(`Could not lock the embedded database in ${dir}`);
}

/**
 * Runs `fn` holding the data directory's lock, as the server would (for a restore that replaces
 * its files): no server or CLI opens it meanwhile. Servers started inside pass `lockHeld`.
 */
export async function withLockedDataDir<T>(dataDir: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  acquireLock(dir);
  try {
    return await fn(dir);
  } finally {
    releaseLock(dir);
  }
}

function releaseLock(dir: string): void {
  if (!heldHere.delete(dir)) return;
  removeIfOurs(path.join(dir, ANNOUNCE_FILE));
  removeIfOurs(path.join(dir, LOCK_FILE));
}

function removeIfOurs(file: string): void {
  if (readJson(file)?.pid === process.pid) rmSync(file, { force: true });
}

// A process that exits without close() (process.exit in a handler, an uncaught error) must
// still not leave files claiming a live server. PGlite's data itself is safe: commits are durable.
process.on("exit", () => {
  for (const dir of heldHere) releaseLock(dir);
});

/** Marks a URL as the embedded database's, for clients that must behave differently (lib/db.ts). */
export const EMBEDDED_APPLICATION_NAME = "inkbase-embedded";

export function embeddedUrl(port: number): string {
  return `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable&application_name=${EMBEDDED_APPLICATION_NAME}`;
}

/**
 * Opens the PGlite database in `dataDir` (or `memory://`) and serves it on 127.0.0.1.
 * `port` 0 (the default) picks a free port. `announce` writes `<dataDir>/embedded.json` so other
 * processes can find the server; `close()` removes it.
 */
export async function startEmbeddedServer(opts: {
  dataDir: string;
  port?: number;
  announce?: boolean;
  /** A tar from dumpDataDir to create the database from (the data directory must hold none). */
  loadDataDir?: Blob;
  /** The caller holds the directory's lock (withLockedDataDir). */
  lockHeld?: boolean;
}): Promise<EmbeddedServer> {
  const inMemory = opts.dataDir === MEMORY;
  const dir = inMemory ? MEMORY : path.resolve(opts.dataDir);
  const locks = !inMemory && !opts.lockHeld;
  if (!inMemory) mkdirSync(dir, { recursive: true });
  if (locks) acquireLock(dir);
  let db: PGlite | undefined;
  let server: PGLiteSocketServer | undefined;
  let channel: Awaited<ReturnType<typeof serveDumps>> | undefined;
  try {
    // On disk, a commit is fsynced before it is acknowledged (PGlite alone never syncs).
    db = inMemory
      ? await PGlite.create({ dataDir: dir, extensions: PGLITE_EXTENSIONS, loadDataDir: opts.loadDataDir })
      : await openPGliteDurably(dir, { loadDataDir: opts.loadDataDir });
    // maxConnections defaults to 1, which breaks every connection pool. PGlite runs one query
    // at a time whatever the number, so connections only queue: allow enough for the pools of
    // the server, the CLI and parallel test workers (each pg pool opens up to 10) to coexist.
    server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: opts.port ?? 0, maxConnections: 100 });
    queueBySync(server);
    await server.start();
    // Other processes reach PGlite's own dump through the server that holds it.
    if (opts.announce && !inMemory) channel = await serveDumps(db);
  } catch (error) {
    await channel?.close().catch(() => {});
    await server?.stop().catch(() => {});
    await db?.close().catch(() => {});
    if (locks) releaseLock(dir);
    throw error;
  }
  const port = Number(server.getServerConn().split(":").pop());
  if (opts.announce && !inMemory) {
    // Write then rename, so a reader never sees half a file. Private: it carries the dump token.
    const tmp = path.join(dir, `${ANNOUNCE_FILE}.${process.pid}.tmp`);
    writeFileSync(tmp, JSON.stringify({ pid: process.pid, port, dump: channel && { port: channel.port, token: channel.token } }), { mode: 0o600 });
    renameSync(tmp, path.join(dir, ANNOUNCE_FILE));
  }

  const openDb = db;
  const openServer = server;
  let closing: Promise<void> | undefined;
  return {
    url: embeddedUrl(port),
    port,
    dumpDataDir: () => dumpDataDir(openDb),
    close: () =>
      (closing ??= (async () => {
        // Withdraw the announcement first so nobody new connects to a closing server.
        if (!inMemory) removeIfOurs(path.join(dir, ANNOUNCE_FILE));
        await channel?.close();
        await openServer.stop();
        await openDb.close();
        if (locks) releaseLock(dir);
      })()),
  };
}

/** Closes the server and exits 0 on SIGTERM/SIGINT. For processes whose only job is serving. */
export function exitOnSignals(server: Pick<EmbeddedServer, "close">): void {
  const stop = () => {
    server.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

function portAccepts(port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** The announced server for `dataDir`, if its process is alive and its port answers. */
export async function findAnnouncedServer(dataDir: string): Promise<{ pid: number; port: number; dump?: DumpChannel } | undefined> {
  const announced = readJson(path.join(path.resolve(dataDir), ANNOUNCE_FILE));
  const pid = Number(announced?.pid);
  const port = Number(announced?.port);
  if (!pidAlive(pid) || !Number.isInteger(port) || port <= 0) return undefined;
  const dump = announced?.dump as DumpChannel | undefined;
  return (await portAccepts(port)) ? { pid, port, dump } : undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A URL for the embedded database in `dataDir`: the running server's if one is announced,
 * else a private server on a random port that `release()` closes.
 */
export async function connectOrStartEmbedded(
  dataDir: string,
  opts: { waitMs?: number } = {},
): Promise<{ url: string; dumpDataDir?: () => Promise<Readable>; release(): Promise<void> }> {
  // A server that is still starting holds the lock but has not announced yet (a first start
  // takes several seconds), so a busy directory is retried for a while before giving up.
  const deadline = Date.now() + (opts.waitMs ?? 30_000);
  for (;;) {
    const running = await findAnnouncedServer(dataDir);
    if (running) {
      // A server started by an older version announces no dump channel: no dump from here.
      const channel = running.dump;
      return { url: embeddedUrl(running.port), dumpDataDir: channel && (() => requestDump(channel)), release: async () => {} };
    }
    try {
      const server = await startEmbeddedServer({ dataDir, port: 0 });
      return { url: server.url, dumpDataDir: () => server.dumpDataDir(), release: () => server.close() };
    } catch (error) {
      if (!(error instanceof DataDirBusyError) || Date.now() > deadline) throw error;
      await sleep(250);
    }
  }
}
