// What the HTTP benches share: a database of their own on the bench's PostgreSQL server (created,
// migrated, dropped at the end), a production server on it with the per-key rate limit out of the
// way, and one measurement: autocannon for some seconds, with the server's and the database's CPU
// time per request beside the throughput and latency (./server-cpu.ts: unlike req/s, CPU per
// request hardly moves when other work shares the machine).
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import { applyPendingMigrations } from "../../scripts/lib/migrations";
import { startNextServer, type RunningServer } from "../../tests/support/start-next-server";
import { withDatabaseName } from "../../tests/support/test-database";
import { databaseCpuMs, processCpuMs } from "./server-cpu";

/** The server the benches make their databases on. */
export const BENCH_SERVER_URL = process.env.BENCH_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";

export async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database named `<prefix>_<random>`, migrated, and made this process's DATABASE_URL so the
 * domain functions the benches seed with write into it.
 */
export async function createBenchDatabase(prefix: string): Promise<{ database: string; url: string }> {
  const database = `${prefix}_${randomBytes(3).toString("hex")}`;
  await admin(BENCH_SERVER_URL, (c) => c.query(`CREATE DATABASE "${database}"`));
  const url = withDatabaseName(BENCH_SERVER_URL, database);
  await applyPendingMigrations({ url });
  process.env.DATABASE_URL = url;
  return { database, url };
}

export async function dropBenchDatabase(database: string): Promise<void> {
  await admin(BENCH_SERVER_URL, (c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
}

/**
 * The production build (`npm run build`) served on `url`'s database, without Upstash and with the
 * per-key rate limit far above anything a bench sends. BENCH_CPU_PROF=<dir>: the server writes a V8
 * CPU profile there when it stops (./profile-summary.ts reads it).
 */
export function startBenchServer(url: string, env: Record<string, string | undefined> = {}): Promise<RunningServer> {
  return startNextServer(
    {
      DATABASE_URL: url,
      INKBASE_EMBEDDED_DB: "",
      AUTH_SECRET: "bench-auth-secret-0123456789abcdef",
      RATE_LIMIT_KEY_PER_MIN: "1000000000",
      UPSTASH_REDIS_REST_URL: undefined,
      UPSTASH_REDIS_REST_TOKEN: undefined,
      ...env,
    },
    { nodeArgs: process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [] },
  );
}

export type BenchRequest = { method?: string; path?: string; body?: string; headers?: Record<string, string> };

/** One measurement: medians are taken over several of these (`median`). */
export type Run = {
  reqPerSec: number;
  p50: number;
  p99: number;
  /** Server CPU per request, ms. */
  cpuMs: number;
  /** PostgreSQL's CPU per request, ms (every postgres process on the machine). */
  dbCpuMs: number;
  requests: number;
  statuses: Record<string, number>;
};

/** `connections` clients sending `request(i)` (i counting from `offset`) for `seconds`, with `key`. */
export async function measure(options: {
  server: RunningServer;
  key: string;
  connections: number;
  seconds: number;
  request: (i: number) => BenchRequest;
  offset?: number;
  /** A session cookie to send instead of the key (session-only routes such as /api/audit). */
  cookie?: string;
}): Promise<Run> {
  const { server, key, connections, seconds, request } = options;
  const auth: Record<string, string> = options.cookie ? { Cookie: options.cookie } : { Authorization: `Bearer ${key}` };
  let i = options.offset ?? 0;
  const cpuBefore = processCpuMs(server.pid);
  const dbBefore = databaseCpuMs();
  const result = await autocannon({
    url: server.url,
    connections,
    duration: seconds,
    headers: { ...auth, "Content-Type": "application/json" },
    requests: [{ setupRequest: (req) => { const next = request(i++); return { ...req, ...next, headers: { ...req.headers, ...next.headers } }; } }],
  });
  const total = Math.max(1, result.requests.total);
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMs: (processCpuMs(server.pid) - cpuBefore) / total,
    dbCpuMs: (databaseCpuMs() - dbBefore) / total,
    requests: result.requests.total,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
  };
}

export const median = (numbers: number[]) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

/** `200×1234 412×3`, summed over the runs. */
export function statusesOf(runs: Run[]): string {
  const sum: Record<string, number> = {};
  for (const run of runs) for (const [code, count] of Object.entries(run.statuses)) sum[code] = (sum[code] ?? 0) + count;
  return Object.entries(sum).map(([code, count]) => `${code}×${count}`).join(" ");
}

/** One line of figures: medians of the runs. */
export function figuresLine(name: string, runs: Run[], width = 46): string {
  const figure = (pick: (r: Run) => number, digits = 0) => median(runs.map(pick)).toFixed(digits);
  return `${name.padEnd(width)} ${figure((r) => r.reqPerSec).padStart(6)} req/s  p50 ${figure((r) => r.p50)} ms  p99 ${figure((r) => r.p99)} ms  server CPU ${figure((r) => r.cpuMs, 2)} ms/req  database CPU ${figure((r) => r.dbCpuMs, 2)} ms/req  [${statusesOf(runs)}]`;
}
