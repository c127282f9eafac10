// The embedded database's process contract: committed data survives SIGKILL, SIGTERM shuts down
// cleanly, other processes reuse an announced server, and files left by a killed one are recovered.
import { spawn, type ChildProcess } from "node:child_process";
import fs, { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  connectOrStartEmbedded,
  DataDirBusyError,
  startEmbeddedServer,
} from "../../scripts/lib/embedded-server";
import { queryOnce } from "../support/query-once";

const root = path.resolve(import.meta.dirname, "../..");

// A server process like `npm start`'s: opens DATA_DIR, announces itself, commits one row.
const CHILD = `
import pg from "pg";
import { exitOnSignals, startEmbeddedServer } from "./scripts/lib/embedded-server.ts";
const server = await startEmbeddedServer({ dataDir: process.env.DIR, announce: true });
exitOnSignals(server);
const client = new pg.Client({ connectionString: server.url });
await client.connect();
await client.query("INSERT INTO probe (v) VALUES ('committed')");
await client.end();
console.log("ready " + server.port);
`;

let template: string;
const scratch: string[] = [];
const children: ChildProcess[] = [];

// A first start of a data directory takes seconds (initdb); reopening a copy takes half a second.
beforeAll(async () => {
  template = mkdtempSync(path.join(tmpdir(), "inkbase-embedded-template-"));
  const server = await startEmbeddedServer({ dataDir: template });
  await queryOnce(server.url, "CREATE TABLE probe (v text)");
  await server.close();
}, 60_000);

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
});

afterAll(() => {
  for (const dir of [template, ...scratch]) rmSync(dir, { recursive: true, force: true });
});

function freshDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "inkbase-embedded-"));
  cpSync(template, dir, { recursive: true });
  scratch.push(dir);
  return dir;
}


function startChild(dataDir: string): Promise<{ child: ChildProcess; port: number }> {
  // node with tsx's loader, not the tsx binary: that one runs the script in a second process,
  // which would survive the SIGKILL we send to the first.
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "--eval", CHILD], {
    cwd: root,
    env: { ...process.env, DIR: dataDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let stderr = "";
    child.stderr!.on("data", (chunk) => (stderr += chunk));
    child.stdout!.on("data", (chunk: Buffer) => {
      const match = /ready (\d+)/.exec(chunk.toString());
      if (match) resolve({ child, port: Number(match[1]) });
    });
    child.once("exit", (code) => reject(new Error(`server child exited (${code}) before ready: ${stderr}`)));
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

describe("embedded server", () => {
  it("keeps committed rows when its process is SIGKILLed, and recovers its stale files", async () => {
    const dataDir = freshDataDir();
    const { child } = await startChild(dataDir);
    child.kill("SIGKILL");
    await exited(child);
    // The killed process could not clean up: its lock and announcement are still there.
    expect(existsSync(path.join(dataDir, "embedded.json"))).toBe(true);

    const server = await startEmbeddedServer({ dataDir });
    try {
      expect(await queryOnce(server.url, "SELECT v FROM probe")).toEqual([{ v: "committed" }]);
    } finally {
      await server.close();
    }
  }, 60_000);

  it("syncs every commit to the disk before acknowledging it (PGlite alone never fsyncs)", async () => {
    const server = await startEmbeddedServer({ dataDir: freshDataDir() });
    const client = new pg.Client({ connectionString: server.url });
    const fsync = vi.spyOn(fs, "fsyncSync");
    try {
      await client.connect();
      const settings = await client.query("SELECT current_setting('fsync') AS fsync, current_setting('wal_sync_method') AS method, current_setting('synchronous_commit') AS commit");
      expect(settings.rows).toEqual([{ fsync: "on", method: "fsync", commit: "on" }]);
      fsync.mockClear();
      for (let i = 0; i < 5; i++) await client.query("INSERT INTO probe (v) VALUES ($1)", [`row ${i}`]);
      // One WAL fsync per commit, each done before the INSERT's answer came back.
      expect(fsync.mock.calls.length).toBeGreaterThanOrEqual(5);
    } finally {
      fsync.mockRestore();
      await client.end();
      await server.close();
    }
  }, 60_000);

  it("shuts down cleanly on SIGTERM: exit code 0, announcement and lock removed", async () => {
    const dataDir = freshDataDir();
    const { child } = await startChild(dataDir);
    expect(existsSync(path.join(dataDir, "embedded.json"))).toBe(true);
    child.kill("SIGTERM");
    expect(await exited(child)).toBe(0);
    expect(existsSync(path.join(dataDir, "embedded.json"))).toBe(false);
    expect(existsSync(path.join(dataDir, "embedded.lock"))).toBe(false);
  }, 60_000);

  it("lets other processes reuse the announced server and refuses a second open", async () => {
    const dataDir = freshDataDir();
    const { child, port } = await startChild(dataDir);

    const db = await connectOrStartEmbedded(dataDir);
    expect(new URL(db.url).port).toBe(String(port));
    expect(await queryOnce(db.url, "SELECT v FROM probe")).toEqual([{ v: "committed" }]);
    await db.release(); // a no-op: the server belongs to the child
    expect(child.exitCode).toBeNull();

    await expect(startEmbeddedServer({ dataDir })).rejects.toBeInstanceOf(DataDirBusyError);
  }, 60_000);

  it("starts a private server when the announced one was killed", async () => {
    const dataDir = freshDataDir();
    const { child, port } = await startChild(dataDir);
    child.kill("SIGKILL");
    await exited(child);

    const db = await connectOrStartEmbedded(dataDir);
    try {
      expect(new URL(db.url).port).not.toBe(String(port));
      expect(await queryOnce(db.url, "SELECT v FROM probe")).toEqual([{ v: "committed" }]);
      // Private: it holds the directory but does not announce itself.
      expect(existsSync(path.join(dataDir, "embedded.json"))).toBe(false);
    } finally {
      await db.release();
    }
    expect(existsSync(path.join(dataDir, "embedded.lock"))).toBe(false);
  }, 60_000);
});
