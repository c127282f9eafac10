// `npm run check:vercel`: builds Inkbase with Vercel's own builder, offline, and proves what
// VERCEL.md asks of the result (docs/deploying.md, "Checked on every change").
//  1. the pinned CLI and the deployed Node major (pinned-tools.ts); a fresh database, an S3 store and a webhook receiver on
//     loopback (local-services.ts); .vercel/project.json and .env.production.local;
//  2. `vercel build --prod`;
//  3. the output: build log, config.json and crons, runtimes, maxDuration, sizes against
//     sizes.json, the function table in docs/deploying.md, what must and must not ship;
//  4. the functions run as Vercel runs them (materialize.ts, start-function.ts) behind a front that
//     routes like Vercel's edge (edge-front.ts), and the smoke list through it (smoke-steps.ts);
//     no function may have touched the disk outside /tmp.
// Flags: --update rewrites sizes.json and the docs' table from this build; --skip-build checks
// the existing .vercel/output (migrating the fresh database itself); --no-run stops after 3.
// CHECK_DATABASE_URL (else TEST_DATABASE_URL, else the local server's `postgres` database) names
// the PostgreSQL server where the fresh database is made.
import path from "node:path";
import { applyPendingMigrations } from "../lib/migrations";
import { checkBuildLog, checkConfig, checkLimits, checkRuntimes } from "./assert-output";
import { startEdgeFront } from "./edge-front";
import { checkSizes, writeSizes } from "./function-sizes";
import { checkDocsTable, functionTable, writeDocsTable } from "./function-table";
import { RUNTIME_NODE_VERSION, runtimeNodePath, vercelCliPath } from "./pinned-tools";
import { startLocalServices } from "./local-services";
import { materialize } from "./materialize";
import { readFunctionGroups } from "./output-functions";
import { writeVercelProjectFiles } from "./project-files";
import { checkSandbox } from "./sandbox-canary";
import { checkShippedFiles } from "./ship-rules";
import { smokeClient } from "./smoke-client";
import type { SmokeContext } from "./smoke-context";
import { runSmoke } from "./smoke-steps";
import { vercelBuild } from "./vercel-build";
import { readFileSync } from "node:fs";

const root = path.resolve(import.meta.dirname, "../..");
const outputDir = path.join(root, ".vercel", "output");
const runDir = path.join(root, ".vercel", "check-run");
const flags = new Set(process.argv.slice(2));
const log = (line: string) => console.log(`[check:vercel] ${line}`);

async function main(): Promise<number> {
  const started = performance.now();
  const problems: string[] = [];
  const cli = vercelCliPath();
  const runtime = { node: runtimeNodePath(), major: Number(RUNTIME_NODE_VERSION.split(".")[0]) };
  const serverUrl = process.env.CHECK_DATABASE_URL || process.env.TEST_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
  const services = await startLocalServices(serverUrl);
  try {
    writeVercelProjectFiles(root, services.env);
    let buildLog: string;
    if (flags.has("--skip-build")) {
      log("--skip-build: checking the existing .vercel/output");
      await applyPendingMigrations({ url: services.databaseUrl });
      buildLog = readFileSync(path.join(root, ".vercel", "build.log"), "utf8");
    } else {
      log(`vercel build --prod (CLI ${cli}, Node ${RUNTIME_NODE_VERSION})`);
      const build = await vercelBuild(runtime.node, cli, root);
      log(`build ${build.ok ? "succeeded" : "FAILED"} in ${build.seconds.toFixed(0)} s`);
      if (!build.ok) return report(["vercel build failed (its log is above and in .vercel/build.log)"], started);
      buildLog = build.log;
    }

    const groups = readFunctionGroups(outputDir, root);
    console.log(`\n${functionTable(groups)}\n`);
    if (flags.has("--update")) {
      writeSizes(groups);
      writeDocsTable(root, groups);
      log("wrote scripts/vercel-check/sizes.json and the table in docs/deploying.md");
    }
    problems.push(...checkBuildLog(buildLog), ...checkConfig(outputDir, root), ...checkRuntimes(groups, root, runtime.major), ...checkLimits(groups));
    problems.push(...checkSizes(groups), ...checkDocsTable(root, groups), ...checkShippedFiles(groups));
    log(`output: ${groups.length} functions, ${problems.length} problems`);
    if (flags.has("--no-run")) return report(problems, started);

    log("running the functions behind the front");
    materialize(outputDir, groups, runDir);
    const sandbox = await checkSandbox(runDir, runtime, path.join(root, "package.json"));
    if (sandbox.length) return report([...problems, ...sandbox], started);
    log(`the sandbox holds on Node ${runtime.major}: a write into a function's folder and a read outside it are refused, /tmp is writable`);
    const front = await startEdgeFront(runDir, services.env, runtime);
    const context: SmokeContext = {
      client: smokeClient(front.url),
      front,
      services,
      routes: new Set(groups.flatMap((group) => group.allRoutes)),
      account: { username: "check", email: "check@inkbase-check.example", password: `check-${Date.now()}-password` },
      pending: [],
    };
    try {
      const failed = await runSmoke(context);
      problems.push(...failed);
      if (failed.length) for (const fn of front.running()) console.log(`\n--- ${fn.name}'s output (last 40 lines) ---\n${fn.output().split("\n").slice(-40).join("\n")}`);
    } finally {
      await front.close();
    }
    for (const fn of front.running()) {
      const denied = fn.deniedAccesses();
      if (denied.length) problems.push(`${fn.name} touched the disk outside what it may: ${denied.slice(0, 3).join(" | ")}`);
    }
    for (const cold of front.coldStarts) log(`cold start ${cold.name}: boot ${cold.bootMs.toFixed(0)} ms, first answer ${cold.firstAnswerMs.toFixed(0)} ms`);
    for (const pending of context.pending) log(`PENDING ${pending}`);
    return report(problems, started);
  } finally {
    await services.stop();
  }
}

function report(problems: string[], started: number): number {
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  if (problems.length === 0) {
    log(`passed in ${seconds} s`);
    return 0;
  }
  log(`FAILED in ${seconds} s:`);
  for (const problem of problems) console.log(`  - ${problem}`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error("[check:vercel]", err);
    process.exit(1);
  },
);
