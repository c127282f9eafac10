// `npm run bench:cold-start`: how long a fresh server takes to give its first answer, as a
// serverless instance would on its first request, and how much server code each route loads.
// (The same three requests against the functions Vercel's builder makes, each started as Vercel
// starts them: `npm run bench:vercel`, bench/vercel-functions/run.ts.)
//
// For each scenario, five times: a new production server process (scripts/serve.ts, as `npm start`
// serves it) is started with nothing warmed, and the first request is sent the moment its port
// accepts connections. Reported: from spawn to the port accepting (boot: Node, tsx, Next's
// prepare) and from there to the first answer (the route's code loaded, the database connected,
// the request served), median of the five. Scenarios: a public post page, the public API's
// single-post read (format=html), and an authenticated write (POST /api/posts with an API key).
// Then every route's server bundle from the build (bundle-sizes.ts): the code it loads at once,
// what it may load later, and the largest packages in it.
//
// Environment: BENCH_DATABASE_URL (a PostgreSQL server where a database may be created and
// dropped; default postgresql://postgres@127.0.0.1:5432/postgres), BENCH_RUNS (5), NEXT_DIST_DIR,
// BENCH_CPU_PROF=<dir> (each server writes a CPU profile there; its last "first answer" ms are the
// first request: bench/lib/profile-summary.ts --last-ms <that>).
// Needs a build. Writes bench/cold-start/last-run.md. The load average is printed with the figures:
// on a shared machine they mean little without it.
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { childEnv } from "../../tests/support/child-env";
import { freePort } from "../../tests/support/start-next-server";
import { createTestDatabase } from "../../tests/support/test-database";
import { routeBundles } from "./bundle-sizes";

const here = import.meta.dirname;
const root = path.resolve(here, "../..");
const serverUrl = process.env.BENCH_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
const runs = Number(process.env.BENCH_RUNS || 5);
const distDir = process.env.NEXT_DIST_DIR || ".next";
const AUTH_SECRET = "bench-auth-secret-0123456789abcdef";
const cpuProfDir = process.env.BENCH_CPU_PROF;

type Scenario = { name: string; request: (key: string, run: number) => { path: string; init: RequestInit }; expect: number };

const scenarios: Scenario[] = [
  { name: "public post page /bench/post-50", request: () => ({ path: "/bench/post-50", init: {} }), expect: 200 },
  { name: "public API read (single post, html)", request: () => ({ path: "/api/posts/by-username/bench/post-50?format=html", init: {} }), expect: 200 },
  {
    name: "authenticated write (POST /api/posts)",
    request: (key, run) => ({
      path: "/api/posts",
      init: {
        method: "POST",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify({ title: `Cold start ${run}`, slug: `cold-start-${run}-${Date.now()}` }),
      },
    }),
    expect: 201,
  },
];

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

type Timing = { bootMs: number; firstAnswerMs: number };

async function coldStart(databaseUrl: string, scenario: Scenario, key: string, run: number): Promise<Timing> {
  const port = await freePort();
  const started = performance.now();
  const profile = cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`] : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", path.join(root, "scripts/serve.ts"), "--hostname", "127.0.0.1"], {
    cwd: root,
    env: childEnv({
      NODE_ENV: "production",
      PORT: String(port),
      NEXT_TELEMETRY_DISABLED: "1",
      DATABASE_URL: databaseUrl,
      INKBASE_EMBEDDED_DB: "",
      AUTH_SECRET,
      LOG_LEVEL: "warn",
      UPSTASH_REDIS_REST_URL: undefined,
      UPSTASH_REDIS_REST_TOKEN: undefined,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    const deadline = Date.now() + 60_000;
    while (!(await portOpen(port))) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const listening = performance.now();
    const { path: target, init } = scenario.request(key, run);
    const res = await fetch(`http://127.0.0.1:${port}${target}`, init);
    await res.arrayBuffer();
    const answered = performance.now();
    if (res.status !== scenario.expect) throw new Error(`${scenario.name}: ${res.status}, expected ${scenario.expect}\n${output}`);
    return { bootMs: listening - started, firstAnswerMs: answered - listening };
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString("en")}`;
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(" / ");

async function main(): Promise<void> {
  process.env.TEST_DATABASE_URL = serverUrl;
  const database = await createTestDatabase("inkbase_bench_cold");
  const lines: string[] = [];
  try {
    const seed = readFileSync(path.join(here, "../posts/seed-bench-posts.sql"), "utf8").replaceAll(":count", "100");
    const pg = (await import("pg")).default;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(seed);
    await client.end();
    process.env.DATABASE_URL = database.url;
    const { createApiKey } = await import("../../lib/auth/create-api-key");
    const { disconnectDb } = await import("../../lib/db");
    const { key } = await createApiKey({ userId: "bench-user", name: "cold start", scopes: ["posts:write"] });
    await disconnectDb();

    const loadBefore = load();
    lines.push(`Cold starts: ${runs} fresh servers per scenario, median, ${new Date().toISOString()}; load average (1/5/15 min) ${loadBefore} before.`, "");
    lines.push("| first request | boot: spawn → port open, ms | first answer after that, ms | total, ms |", "|---|---:|---:|---:|");
    for (const scenario of scenarios) {
      const timings: Timing[] = [];
      for (let run = 1; run <= runs; run++) {
        const timing = await coldStart(database.url, scenario, key, run);
        timings.push(timing);
        console.log(`[cold-start] ${scenario.name} #${run}: boot ${timing.bootMs.toFixed(0)} ms, first answer ${timing.firstAnswerMs.toFixed(0)} ms`);
      }
      const boot = median(timings.map((t) => t.bootMs));
      const first = median(timings.map((t) => t.firstAnswerMs));
      const total = median(timings.map((t) => t.bootMs + t.firstAnswerMs));
      lines.push(`| ${scenario.name} | ${boot.toFixed(0)} | ${first.toFixed(0)} | ${total.toFixed(0)} |`);
    }
    lines.push("", `Load average after: ${load()}.`, "");

    lines.push(
      "Server code per route (the build's chunks: loaded at the route's first request, and loaded later on demand), KB:",
      "",
      "| route | at once | later | largest parts (KB) |",
      "|---|---:|---:|---|",
    );
    for (const bundle of routeBundles(path.resolve(root, distDir))) {
      if (bundle.route.startsWith("/(dashboard)/dashboard/")) continue; // the dashboard's pages share the shell's: one row stands for them
      const parts = bundle.groups.slice(0, 6).map(([group, bytes]) => `${group} ${kb(bytes)}`).join(", ");
      lines.push(`| ${bundle.route} | ${kb(bundle.eagerBytes)} | ${kb(bundle.lazyBytes)} | ${parts} |`);
    }
  } finally {
    await database.drop();
  }
  const table = lines.join("\n");
  console.log(`\n${table}\n`);
  writeFileSync(path.join(here, "last-run.md"), `${table}\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
