// `npm run bench:posts`: public post reads (and the editor's autosave) under load against the production build on a real
// PostgreSQL, for a project of 1,000 and of 100,000 posts. For each size: a fresh database
// (migrated), seeded by SQL (seed-bench-posts.sql), VACUUM ANALYZE, and its own server started with
// the public rate limit out of the way. Then autocannon runs, after a warm-up, on
//   - the list, perPage=50, format=html (envelope: page keys + total + 50 rendered posts)
//   - a single post, format=html (adjacent, seo, jsonLd)
//   - the list again with If-None-Match set to its ETag (304: keys and total only)
//   - the single post with If-None-Match (304)
//   - GET /api/health, the floor: routing, the wrapper and one `SELECT 1`
//   - the public site: the post page, the blog index and the RSS feed, full and 304
//   - the public search (format=html): a word one post holds (1 result, through the trigram
//     indexes), and a word every post holds (the newest 50)
//   - the editor's autosave: PATCH /api/posts/:id with If-Match (a new title and a 300-word
//     document, each request on a post no other request in flight holds, with the ETag that
//     post's previous PATCH returned: every PATCH is a real edit that passes the check and
//     records a coalesced revision)
// Scenarios alternate between the two sizes and repeat for several rounds, so a machine whose
// load changes (shared CI runners) affects both sizes alike; the table shows the medians. It is
// printed and written to bench/posts/last-run.md.
//
// Environment: BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/postgres) names a
// server where databases may be created and dropped; BENCH_DURATION seconds per measurement (10);
// BENCH_ROUNDS (3); BENCH_CONNECTIONS (50); BENCH_SIZES (1000,100000); BENCH_ONLY (words). Needs a build (`npm run
// build`, which the npm script runs first; NEXT_DIST_DIR is honoured).
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import pg from "pg";
import { createApiKey } from "../../lib/auth/create-api-key";
import { disconnectDb } from "../../lib/db";
import { startNextServer } from "../../tests/support/start-next-server";
import { createTestDatabase } from "../../tests/support/test-database";
import { databaseCpuMs, processCpuMs } from "../lib/server-cpu";

type Percentiles = { average: number; p50: number; p99: number };
/** The part of an autocannon request this bench uses: a per-connection `context` carries state between requests. */
type AutocannonRequest = {
  method?: string;
  setupRequest?: (request: Record<string, unknown>, context: Record<string, unknown>) => Record<string, unknown>;
  onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
};
type AutocannonResult = {
  requests: Percentiles & { total: number };
  latency: Percentiles;
  statusCodeStats: Record<string, { count: number }>;
  errors: number;
};
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;

const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;
const here = import.meta.dirname;
const serverUrl = process.env.BENCH_DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";
const duration = Number(process.env.BENCH_DURATION || 10);
const connections = Number(process.env.BENCH_CONNECTIONS || 50);
// BENCH_CPU_PROF=<dir>: the servers run with --cpu-prof and write their profiles there on exit
// (summarise with bench/lib/profile-summary.ts; pair it with BENCH_ONLY for one scenario).
const cpuProfDir = process.env.BENCH_CPU_PROF;
const rounds = Number(process.env.BENCH_ROUNDS || 3);
const sizes = (process.env.BENCH_SIZES || "1000,100000").split(",").map(Number);
// BENCH_ONLY=page,single: only the scenarios whose name contains one of the words.
// A comma followed by a space belongs to a name ("list, If-None-Match → 304"), so it does not split.
const only = (process.env.BENCH_ONLY || "").split(/,(?! )/).filter(Boolean);

async function seed(url: string, count: number): Promise<number> {
  const sql = readFileSync(path.join(here, "seed-bench-posts.sql"), "utf8").replaceAll(":count", String(count));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  try {
    await client.query(sql);
    await client.query("VACUUM ANALYZE");
  } finally {
    await client.end();
  }
  return Date.now() - started;
}

type Measurement = { rps: number; p50: number; p99: number; cpuMs: number; dbCpuMs: number; clientCpuMs: number; statuses: Set<string> };

async function measure(project: Project, url: string, headers: Record<string, string>, sequence?: AutocannonRequest[]): Promise<Measurement> {
  await autocannon({ url, connections, duration: 2, headers, requests: sequence }); // warm-up (JIT, render cache, pools)
  const cpuBefore = processCpuMs(project.pid);
  const dbBefore = databaseCpuMs();
  const clientBefore = process.cpuUsage();
  const result = await autocannon({ url, connections, duration, headers, requests: sequence });
  const requests = Math.max(1, result.requests.total);
  const cpuMs = (processCpuMs(project.pid) - cpuBefore) / requests;
  const dbCpuMs = (databaseCpuMs() - dbBefore) / requests;
  // The load generator shares the 2 cores: on large bodies its own parsing is a real share.
  const client = process.cpuUsage(clientBefore);
  const clientCpuMs = (client.user + client.system) / 1000 / requests;
  const statuses = new Set(Object.keys(result.statusCodeStats));
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuMs, dbCpuMs, clientCpuMs, statuses };
}

type Project = { size: number; url: string; pid: number; key: string; stop: () => Promise<void> };

async function startProject(size: number): Promise<Project> {
  process.env.TEST_DATABASE_URL = serverUrl;
  const database = await createTestDatabase("inkbase_bench_posts");
  try {
    const seedMs = await seed(database.url, size);
    console.log(`[bench] ${size} posts seeded in ${seedMs} ms`);
    // The autosave scenario's API key (the seed's user "bench").
    process.env.DATABASE_URL = database.url;
    const { key } = await createApiKey({ userId: "bench-user", name: "bench", scopes: ["posts:read", "posts:write"] });
    await disconnectDb();
    const server = await startNextServer({
      DATABASE_URL: database.url,
      INKBASE_EMBEDDED_DB: "",
      AUTH_SECRET: "bench-auth-secret-0123456789abcdef",
      RATE_LIMIT_PUBLIC_PER_MIN: "1000000000",
      RATE_LIMIT_KEY_PER_MIN: "1000000000",
      UPSTASH_REDIS_REST_URL: undefined,
      UPSTASH_REDIS_REST_TOKEN: undefined,
    }, { nodeArgs: cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`] : [] });
    return { size, url: server.url, pid: server.pid, key, stop: async () => { await server.stop(); await database.drop(); } };
  } catch (err) {
    await database.drop();
    throw err;
  }
}

async function etagOf(url: string): Promise<string> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.headers.get("etag")!;
}

const HEALTH = "floor: GET /api/health";

/** A document of about 300 words (six paragraphs of 50) in which `edit` changes the first word of each paragraph. */
function autosaveDocument(edit: number) {
  const words = "moss lichen fern stone river cloud north wall roof shade water slow green light path field".split(" ");
  const paragraph = (p: number) => Array.from({ length: 50 }, (_, i) => (i === 0 ? `edit${edit}` : words[(p * 50 + i) % words.length])).join(" ");
  return { type: "doc", content: Array.from({ length: 6 }, (_, p) => ({ type: "paragraph", content: [{ type: "text", text: paragraph(p) }] })) };
}

/**
 * The editor's autosave as autocannon requests: every PATCH takes a post no other request in
 * flight holds (from the middle of the project) and sends the ETag that post's previous PATCH
 * answered, as the editor does; the answer hands the post back with its new ETag. (autocannon
 * clears a connection's context after every request, so the posts are lent out, not owned.) A
 * run's cut-off requests keep their posts: the pool holds three per connection for the warm-up
 * and the measurement.
 */
async function autosaveRequests(project: Project): Promise<[string, Record<string, string>, AutocannonRequest[]]> {
  const first = Math.max(1, Math.ceil(project.size / 2) - 3 * connections);
  const free = Array.from({ length: 3 * connections }, (_, i) => `bench-post-${first + i}`);
  const headers = { Authorization: `Bearer ${project.key}` };
  const etags = new Map<string, string>();
  for (const id of free) {
    const res = await fetch(`${project.url}/api/posts/${id}`, { headers });
    if (res.status !== 200) throw new Error(`GET /api/posts/${id}: ${res.status} ${await res.text()}`);
    etags.set(id, res.headers.get("etag")!);
  }
  let edits = 0;
  const request: AutocannonRequest = {
    method: "PATCH",
    setupRequest: (req, context) => {
      const id = free.shift()!;
      context.post = id;
      const edit = ++edits;
      return {
        ...req,
        method: "PATCH",
        path: `/api/posts/${id}`,
        headers: { ...(req.headers as Record<string, string>), "Content-Type": "application/json", "If-Match": etags.get(id)! },
        body: JSON.stringify({ title: `Bench post number ${id.slice("bench-post-".length)} (edit ${edit})`, content: autosaveDocument(edit) }),
      };
    },
    onResponse: (status, _body, context, responseHeaders) => {
      const id = context.post as string;
      if (status === 200 && responseHeaders.etag) etags.set(id, responseHeaders.etag);
      free.push(id);
    },
  };
  return [`${project.url}/api/posts`, headers, [request]];
}

/** The search scenarios measure what they say: one post for its word, the newest 50 for "bench post". */
async function checkSearch(project: Project): Promise<void> {
  const search = async (q: string) => (await (await fetch(`${project.url}/api/posts/by-username/bench/search?q=${encodeURIComponent(q)}`)).json()) as { slug: string }[];
  const middle = Math.ceil(project.size / 2);
  const one = await search(searchWord(middle));
  const every = await search("bench post");
  if (one.length !== 1 || one[0].slug !== `post-${middle}` || every.length !== Math.min(50, project.size) || every[0].slug !== "post-1") {
    throw new Error(`search at ${project.size} posts: ${one.length} for the word of post-${middle}, ${every.length} for "bench post"`);
  }
}

/** The made-up word seed-bench-posts.sql puts in post `g`'s excerpt: md5 letters, no digits. */
function searchWord(g: number): string {
  const hex = createHash("md5").update(String(g)).digest("hex").slice(0, 10);
  return hex.replace(/[0-9]/g, (digit) => "ghijklmnop"[Number(digit)]);
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const projects: Project[] = [];
  try {
    for (const size of sizes) projects.push(await startProject(size));
    for (const project of projects) await checkSearch(project);
    type Scenario = { name: string; target: (project: Project) => Promise<[string, Record<string, string>, AutocannonRequest[]?]> };
    const allScenarios: Scenario[] = [
      { name: "list (perPage=50, html)", target: async (p) => [`${p.url}/api/posts/by-username/bench?perPage=50&format=html`, {}] },
      { name: "single post (html)", target: async (p) => [`${p.url}/api/posts/by-username/bench/post-${Math.ceil(p.size / 2)}?format=html`, {}] },
      {
        name: "list, If-None-Match → 304",
        target: async (p) => {
          const url = `${p.url}/api/posts/by-username/bench?perPage=50&format=html`;
          return [url, { "If-None-Match": await etagOf(url) }];
        },
      },
      {
        name: "single post, If-None-Match → 304",
        target: async (p) => {
          const url = `${p.url}/api/posts/by-username/bench/post-${Math.ceil(p.size / 2)}?format=html`;
          return [url, { "If-None-Match": await etagOf(url) }];
        },
      },
      { name: HEALTH, target: async (p) => [`${p.url}/api/health`, {}] },
      // The public site (PUBLIC-SITE.md) beside the API reads it is built on.
      { name: "post page /bench/<slug>", target: async (p) => [`${p.url}/bench/post-${Math.ceil(p.size / 2)}`, {}] },
      { name: "blog index /bench", target: async (p) => [`${p.url}/bench`, {}] },
      { name: "feed /bench/feed.xml", target: async (p) => [`${p.url}/bench/feed.xml`, {}] },
      {
        name: "post page, If-None-Match → 304",
        target: async (p) => {
          const url = `${p.url}/bench/post-${Math.ceil(p.size / 2)}`;
          return [url, { "If-None-Match": await etagOf(url) }];
        },
      },
      {
        name: "blog index, If-None-Match → 304",
        target: async (p) => [`${p.url}/bench`, { "If-None-Match": await etagOf(`${p.url}/bench`) }],
      },
      {
        name: "feed, If-None-Match → 304",
        target: async (p) => [`${p.url}/bench/feed.xml`, { "If-None-Match": await etagOf(`${p.url}/bench/feed.xml`) }],
      },
      {
        name: "search, a word in one post",
        target: async (p) => [`${p.url}/api/posts/by-username/bench/search?format=html&q=${searchWord(Math.ceil(p.size / 2))}`, {}],
      },
      { name: "search, a word in every post (50)", target: async (p) => [`${p.url}/api/posts/by-username/bench/search?format=html&q=bench%20post`, {}] },
      // Last in each round: its writes change the posts the reads above serve.
      { name: "post PATCH (If-Match, autosave)", target: autosaveRequests },
    ];
    // The health floor always runs (the ratios need it), except in a profiling run of one scenario.
    const scenarios = allScenarios.filter(
      (scenario) => !only.length || only.some((word) => scenario.name.includes(word)) || (scenario.name === HEALTH && !cpuProfDir),
    );

    const results = new Map<string, Measurement[]>();
    for (let round = 1; round <= rounds; round++) {
      for (const scenario of scenarios) {
        for (const project of projects) {
          const [url, headers, requests] = await scenario.target(project);
          const measurement = await measure(project, url, headers, requests);
          const key = `${project.size}|${scenario.name}`;
          results.set(key, [...(results.get(key) ?? []), measurement]);
          console.log(`[bench] round ${round} ${project.size} ${scenario.name}: ${measurement.rps.toFixed(0)} req/s, p50 ${measurement.p50} ms, p99 ${measurement.p99} ms, server CPU ${measurement.cpuMs.toFixed(2)} ms/req, database CPU ${measurement.dbCpuMs.toFixed(2)} ms/req, client CPU ${measurement.clientCpuMs.toFixed(2)} ms/req, ${[...measurement.statuses].join(",")}`);
        }
      }
    }

    const lines = [
      `${connections} connections, ${duration} s per measurement, median of ${rounds} rounds, ${new Date().toISOString()}`,
      "",
      "| scenario | posts | req/s | × health | p50 ms | p99 ms | p99/p50 | server CPU ms/req | database CPU ms/req | client CPU ms/req | status |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ];
    // Each round's figure over the same round's /api/health on the same server, then the median:
    // the ratio the targets are set in, steadier than either figure on a shared machine.
    const health = (size: number) => results.get(`${size}|${HEALTH}`);
    for (const scenario of scenarios) {
      for (const project of projects) {
        const runs = results.get(`${project.size}|${scenario.name}`)!;
        const statuses = [...new Set(runs.flatMap((run) => [...run.statuses]))].join(",");
        const floor = health(project.size);
        const ratio = floor ? `${(100 * median(runs.map((r, i) => r.rps / floor[i].rps))).toFixed(0)}%` : "–";
        const p50 = median(runs.map((r) => r.p50));
        const p99 = median(runs.map((r) => r.p99));
        lines.push(
          `| ${scenario.name} | ${project.size.toLocaleString("en")} | ${median(runs.map((r) => r.rps)).toFixed(0)} | ${ratio} | ${p50} | ${p99} | ${(p99 / Math.max(1, p50)).toFixed(1)} | ${median(runs.map((r) => r.cpuMs)).toFixed(2)} | ${median(runs.map((r) => r.dbCpuMs)).toFixed(2)} | ${median(runs.map((r) => r.clientCpuMs)).toFixed(2)} | ${statuses} |`,
        );
      }
    }
    const table = lines.join("\n");
    console.log(`\n${table}\n`);
    writeFileSync(path.join(here, "last-run.md"), `${table}\n`);
  } finally {
    for (const project of projects) await project.stop().catch((err) => console.error("[bench] cleanup failed", err));
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
