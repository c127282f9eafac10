// `npm run bench:vercel`: the built Vercel functions (the folder `npm run check:vercel` lays out,
// .vercel/check-run), run as the check runs them: each in a fresh sandboxed Node process of the
// deployed major behind the Vercel-like front (scripts/vercel-check/edge-front.ts).
//
// 1. Cold starts: for the public post page, the public API's single-post read and an
//    authenticated write (POST /api/posts with a key), BENCH_RUNS times each: a new front with no
//    function running, one request, and what it cost: each function's boot (spawn → listening;
//    of that, requiring the launcher) and its first answer, and the whole request through the
//    front. BENCH_BEFORE_RUN_DIR adds the same rows for another build's run folder (the build
//    before a change), interleaved run by run.
// 2. The proxy: one public page (200, and 304 for its ETag) through the front with proxy.ts's
//    routes and without them (the same build, as a build without proxy.ts routes it), in
//    alternating rounds, warm: the ratio of latencies and the invocations per request.
// The load average is printed before and after: on a shared machine the figures mean little
// without it (bench/README.md: measure when it is under 2). Writes bench/vercel-functions/last-run.md.
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startEdgeFront, type EdgeFront } from "../../scripts/vercel-check/edge-front";
import { startLocalServices } from "../../scripts/vercel-check/local-services";
import { RUNTIME_NODE_VERSION, runtimeNodePath } from "../../scripts/vercel-check/pinned-tools";
import { applyPendingMigrations } from "../../scripts/lib/migrations";
import { runAdmin } from "../../tests/support/run-admin";

const root = path.resolve(import.meta.dirname, "../..");
const runDir = process.env.BENCH_RUN_DIR || path.join(root, ".vercel", "check-run");
const beforeDir = process.env.BENCH_BEFORE_RUN_DIR;
const runs = Number(process.env.BENCH_RUNS || 5);
const rounds = Number(process.env.BENCH_PROXY_ROUNDS || 6);
const perRound = Number(process.env.BENCH_PROXY_REQUESTS || 50);
const runtime = { node: runtimeNodePath(), major: Number(RUNTIME_NODE_VERSION.split(".")[0]) };
const load = () => os.loadavg().map((value) => value.toFixed(2)).join(" / ");
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => value.toFixed(0);

type Scenario = { name: string; request: (seed: Seed, run: number) => [string, RequestInit] };
type Seed = { key: string; username: string; slug: string };

const scenarios: Scenario[] = [
  { name: "public post page", request: (s) => [`/${s.username}/${s.slug}`, {}] },
  { name: "public API read (single post, html)", request: (s) => [`/api/posts/by-username/${s.username}/${s.slug}?format=html`, {}] },
  {
    name: "authenticated write (POST /api/posts)",
    request: (s, run) => [
      "/api/posts",
      { method: "POST", headers: { Authorization: `Bearer ${s.key}`, "Content-Type": "application/json" }, body: JSON.stringify({ title: `Cold ${run}`, slug: `cold-${run}-${Date.now()}` }) },
    ],
  },
];

async function seed(env: Record<string, string>, databaseUrl: string): Promise<Seed> {
  const username = "bench";
  const adminEnv = { DATABASE_URL: databaseUrl };
  const user = await runAdmin(["user:create", "--username", username, "--email", "bench@inkbase-check.example", "--password", "bench-password-123", "--plan", "pro"], adminEnv);
  if (user.code !== 0) throw new Error(`user:create: ${user.stderr}`);
  const made = await runAdmin(["key:create", "--username", username, "--scopes", "posts:read,posts:write"], adminEnv);
  if (made.code !== 0) throw new Error(`key:create: ${made.stderr}`);
  const { key } = made.json as { key: string };
  const front = await startEdgeFront(runDir, env, runtime, { cache: false });
  const slug = "bench-post";
  const content = { type: "doc", content: Array.from({ length: 20 }, (_, i) => ({ type: "paragraph", content: [{ type: "text", text: `Paragraph ${i} of the cold-start post.` }] })) };
  const res = await fetch(`${front.url}/api/posts`, { method: "POST", headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" }, body: JSON.stringify({ title: "Bench post", slug, status: "published", content }) });
  if (res.status !== 201) throw new Error(`seeding the post: ${res.status} ${await res.text()}`);
  await front.close();
  return { key, username, slug };
}

async function coldStart(dir: string, env: Record<string, string>, scenario: Scenario, s: Seed, run: number) {
  const front = await startEdgeFront(dir, env, runtime, { cache: false });
  try {
    const [target, init] = scenario.request(s, run);
    const started = performance.now();
    const res = await fetch(`${front.url}${target}`, init);
    await res.arrayBuffer();
    const totalMs = performance.now() - started;
    if (res.status >= 300) throw new Error(`${scenario.name}: ${res.status}`);
    return { totalMs, functions: front.coldStarts.map((c) => ({ ...c })) };
  } finally {
    await front.close();
  }
}

async function timed(front: EdgeFront, target: string, headers: Record<string, string>, expect: number): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${front.url}${target}`, { headers });
  await res.arrayBuffer();
  if (res.status !== expect) throw new Error(`${target}: ${res.status}, expected ${expect}`);
  return performance.now() - started;
}

async function main(): Promise<void> {
  const services = await startLocalServices(process.env.BENCH_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres");
  const lines: string[] = [];
  try {
    await applyPendingMigrations({ url: services.databaseUrl });
    const s = await seed(services.env, services.databaseUrl);
    lines.push(`Vercel functions, ${new Date().toISOString()}, Node ${RUNTIME_NODE_VERSION}; load average (1/5/15 min) ${load()} before.`, "");
    lines.push("### Cold starts (median of " + runs + " fresh fronts; each function: boot = spawn → listening, of which require = loading the launcher; first answer after that)", "");
    lines.push("| build | first request | through the front, ms | functions started: boot (require) + first answer, ms |", "|---|---|---:|---|");
    const builds: [string, string][] = [["this build", runDir], ...(beforeDir ? ([["before", beforeDir]] as [string, string][]) : [])];
    for (const scenario of scenarios) {
      const results = new Map<string, Awaited<ReturnType<typeof coldStart>>[]>();
      for (let run = 1; run <= runs; run++) {
        for (const [label, dir] of builds) {
          const result = await coldStart(dir, services.env, scenario, s, run);
          results.set(label, [...(results.get(label) ?? []), result]);
          console.log(`[bench:vercel] ${label} ${scenario.name} #${run}: ${ms(result.totalMs)} ms (${result.functions.map((f) => `${f.name} ${ms(f.bootMs)}+${ms(f.firstAnswerMs)}`).join(", ")})`);
        }
      }
      for (const [label, all] of results) {
        const names = all[0].functions.map((f) => f.name);
        const parts = names.map((name) => {
          const of = all.map((r) => r.functions.find((f) => f.name === name)!);
          return `\`${name}\` ${ms(median(of.map((f) => f.bootMs)))} (${ms(median(of.map((f) => f.loadMs)))}) + ${ms(median(of.map((f) => f.firstAnswerMs)))}`;
        });
        lines.push(`| ${label} | ${scenario.name} | ${ms(median(all.map((r) => r.totalMs)))} | ${parts.join("; ")} |`);
      }
    }

    lines.push("", `### The proxy on a public page (warm, ${rounds} alternating rounds of ${perRound} requests each way)`, "");
    const withProxy = await startEdgeFront(runDir, services.env, runtime, { cache: false });
    const withoutProxy = await startEdgeFront(runDir, services.env, runtime, { proxy: false, cache: false });
    try {
      const page = `/${s.username}/${s.slug}`;
      const etag = (await fetch(`${withProxy.url}${page}`)).headers.get("etag")!;
      const cases: { name: string; headers: Record<string, string>; expect: number }[] = [
        { name: "GET the page (200)", headers: {}, expect: 200 },
        { name: "GET with If-None-Match (304)", headers: { "If-None-Match": etag }, expect: 304 },
      ];
      lines.push("| request | with proxy.ts: median, p90 ms | without: median, p90 ms | with / without (median) | invocations per request with / without |", "|---|---:|---:|---:|---:|");
      for (const c of cases) {
        for (const front of [withProxy, withoutProxy]) for (let i = 0; i < 10; i++) await timed(front, page, c.headers, c.expect);
        const times = { with: [] as number[], without: [] as number[] };
        const invocationsBefore = [withProxy, withoutProxy].map((f) => [...f.invocations.values()].reduce((a, b) => a + b, 0));
        for (let round = 0; round < rounds; round++) {
          for (const [label, front] of [["with", withProxy], ["without", withoutProxy]] as const) {
            for (let i = 0; i < perRound; i++) times[label].push(await timed(front, page, c.headers, c.expect));
          }
        }
        const perRequest = [withProxy, withoutProxy].map((f, i) => (([...f.invocations.values()].reduce((a, b) => a + b, 0) - invocationsBefore[i]) / (rounds * perRound)).toFixed(1));
        const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.9)];
        lines.push(`| ${c.name} | ${median(times.with).toFixed(2)}, ${p90(times.with).toFixed(2)} | ${median(times.without).toFixed(2)}, ${p90(times.without).toFixed(2)} | ${(median(times.with) / median(times.without)).toFixed(2)} | ${perRequest[0]} / ${perRequest[1]} |`);
      }
    } finally {
      await withProxy.close();
      await withoutProxy.close();
    }
    lines.push("", `Load average after: ${load()}.`, "");
  } finally {
    await services.stop();
  }
  const table = lines.join("\n");
  console.log(`\n${table}`);
  writeFileSync(path.join(import.meta.dirname, "last-run.md"), `${table}\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
