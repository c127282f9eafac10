// The pg_dump kind of backup: pg_dump's custom format, taken in the snapshot the caller's
// transaction exported (`--snapshot`), so the manifest's row counts and the dump are the same
// instant. Used when pg_dump is on the PATH and its major version is at least the server's (an
// older pg_dump refuses a newer server); otherwise the caller falls back to the logical kind.
import { spawn } from "node:child_process";
import type pg from "pg";

/** Query parameters of Prisma's or our URLs that libpq (pg_dump, pg_restore) would reject. */
const NOT_LIBPQ = ["schema", "connection_limit", "pool_timeout", "pgbouncer", "statement_cache_size", "socket_timeout", "sslaccept"];

export function libpqUrl(url: string): string {
  const parsed = new URL(url);
  for (const name of NOT_LIBPQ) parsed.searchParams.delete(name);
  return parsed.toString();
}

/** Runs a PostgreSQL client tool; resolves with its stdout, rejects with its stderr. */
export function runTool(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    let child;
    try {
      child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    } catch (error) {
      return reject(error);
    }
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/** The tool's major version (`pg_dump (PostgreSQL) 15.20 …` → 15), or undefined when it is not installed. */
export async function toolMajorVersion(command: string): Promise<number | undefined> {
  try {
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(await runTool(command, ["--version"]));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

export async function serverMajorVersion(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ v: string }>(`SELECT current_setting('server_version_num') AS v`);
  return Math.floor(Number(rows[0].v) / 10000);
}

/** Whether pg_dump can dump this server; when not, the reason (printed by the CLI). */
export async function pgDumpUsable(client: pg.ClientBase): Promise<{ ok: true } | { ok: false; reason: string }> {
  const tool = await toolMajorVersion("pg_dump");
  if (tool === undefined) return { ok: false, reason: "pg_dump is not installed (not on the PATH)" };
  const server = await serverMajorVersion(client);
  if (tool < server) return { ok: false, reason: `pg_dump ${tool} is older than the server (PostgreSQL ${server}): install pg_dump ${server} or newer` };
  return { ok: true };
}

/** pg_dump of the whole database into `file`, in the snapshot the caller exported. */
export async function pgDump(options: { url: string; snapshot: string; file: string }): Promise<void> {
  await runTool("pg_dump", ["--format=custom", `--snapshot=${options.snapshot}`, `--file=${options.file}`, `--dbname=${libpqUrl(options.url)}`]);
}
