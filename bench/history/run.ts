// Post history's budgets (HISTORY.md "Budgets", issue 23), against the production build on a
// real PostgreSQL, as ratios taken in one run:
//   - an edit PATCH (title and a 5,000-word document, one key, so revisions coalesce) on a server
//     that records history, against the same PATCH on a server started with
//     BENCH_WITHOUT_POST_REVISIONS=1 (no snapshots, no revision): target within 10% of its req/s;
//   - the history list of a post with 50 revisions of 5,000 words (`limit=50`) against a single
//     post read of it (GET /api/posts/:id): target within 1.5×;
//   - the diff of two such revisions (the oldest against the newest) against the same read:
//     target within 3×.
//
//   npm run build && npm run bench:history [-- --words 5000 --revisions 50 --posts 50 --duration 10 --rounds 3 --connections 20]
//   npm run build && npm run bench:history -- --quick     (a tiny run that checks the bench itself works)
//
// One database (created, migrated, seeded through the API, dropped at the end) and two servers on
// it, rate limits off. Scenarios taking part in one comparison run back to back, round by round;
// every figure is the median over the rounds, after a warm-up. BENCH_DATABASE_URL names the
// PostgreSQL server (default postgresql://postgres@127.0.0.1:5432/postgres).
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import type { RunningServer } from "../../tests/support/start-next-server";
import { createApiKey } from "../../lib/auth/create-api-key";
import { disconnectDb } from "../../lib/db";
import { createUser } from "../../lib/users/create-user";
import { createBenchDatabase, dropBenchDatabase, figuresLine, measure, median, startBenchServer, type BenchRequest, type Run } from "../lib/harness";

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    words: { type: "string" },
    revisions: { type: "string" },
    posts: { type: "string" },
    duration: { type: "string" },
    rounds: { type: "string" },
    connections: { type: "string" },
  },
});
const quick = values.quick;
const WORDS = Number(values.words ?? (quick ? 200 : 5000));
const REVISIONS = Number(values.revisions ?? (quick ? 5 : 50));
/** Posts the PATCHes rotate over, so writes rarely queue on one post's row lock. */
const POSTS = Number(values.posts ?? (quick ? 3 : 50));
const DURATION = Number(values.duration ?? (quick ? 1 : 10));
const ROUNDS = Number(values.rounds ?? (quick ? 1 : 3));
const CONNECTIONS = Number(values.connections ?? (quick ? 2 : 20));
const WARM_UP = quick ? 1 : 2;

type Request = BenchRequest & { path: string };
type Target = { server: RunningServer; key: string };

const LOREM = "moss lichen fern stone river cloud north wall roof shade water slow green light path field".split(" ");

/** A document of about `words` words in paragraphs of 50, with `variant` changing one word of each. */
function documentOf(words: number, variant: number) {
  const paragraphs = [];
  for (let start = 0; start < words; start += 50) {
    const text = Array.from({ length: Math.min(50, words - start) }, (_, i) => LOREM[(start + i + (i === 0 ? variant : 0)) % LOREM.length]).join(" ");
    paragraphs.push({ type: "paragraph", content: [{ type: "text", text }] });
  }
  return { type: "doc", content: paragraphs };
}

async function send(target: Target, request: Request, key = target.key): Promise<Response> {
  const res = await fetch(`${target.server.url}${request.path}`, {
    method: request.method,
    body: request.body,
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
  });
  if (res.status >= 300) throw new Error(`${request.method ?? "GET"} ${request.path}: ${res.status} ${await res.text()}`);
  return res;
}

const load = (target: Target, request: (i: number) => Request, seconds: number): Promise<Run> =>
  measure({ server: target.server, key: target.key, connections: CONNECTIONS, seconds, request });

/** How many times slower `slow` is than `fast`, in req/s, as the median of the rounds' pairs. */
const slowdown = (slow: Run[], fast: Run[]) => median(slow.map((run, i) => fast[i].reqPerSec / run.reqPerSec));

const line = (name: string, runs: Run[]) => figuresLine(name, runs);

/** Runs each named scenario for `rounds` rounds, back to back within a round, after a warm-up. */
async function compare(scenarios: { name: string; target: Target; request: (i: number) => Request }[]): Promise<Map<string, Run[]>> {
  for (const scenario of scenarios) await load(scenario.target, scenario.request, WARM_UP);
  const runs = new Map<string, Run[]>(scenarios.map((scenario) => [scenario.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const scenario of scenarios) runs.get(scenario.name)!.push(await load(scenario.target, scenario.request, DURATION));
  }
  for (const scenario of scenarios) console.log(line(scenario.name, runs.get(scenario.name)!));
  return runs;
}

async function main(): Promise<void> {
  console.log(`history bench: ${WORDS} words, ${REVISIONS} revisions, ${POSTS} posts for PATCH; ${ROUNDS} rounds of ${DURATION} s; ${CONNECTIONS} connections${quick ? " (quick: checks the bench runs, not a figure)" : ""}`);
  const { database, url } = await createBenchDatabase("inkbase_bench_history");
  const servers: RunningServer[] = [];
  try {
    const user = await createUser({ username: "bench-history", email: "bench-history@example.test", password: randomBytes(12).toString("hex"), plan: "pro" });
    const key = (await createApiKey({ userId: user.id, name: "bench", scopes: ["posts:read", "posts:write"] })).key;
    const otherKey = (await createApiKey({ userId: user.id, name: "bench 2", scopes: ["posts:read", "posts:write"] })).key;
    await disconnectDb();

    servers.push(await startBenchServer(url));
    servers.push(await startBenchServer(url, { BENCH_WITHOUT_POST_REVISIONS: "1" }));
    const withHistory: Target = { server: servers[0], key };
    const withoutHistory: Target = { server: servers[1], key };

    // The post with REVISIONS revisions: edits by two keys in turn never coalesce.
    console.log("seeding…");
    const created = await send(withHistory, { method: "POST", path: "/api/posts", body: JSON.stringify({ title: "History", slug: "history", content: documentOf(WORDS, 0) }) });
    const historyPost = ((await created.json()) as { id: string }).id;
    for (let n = 2; n <= REVISIONS; n++) {
      await send(withHistory, { method: "PATCH", path: `/api/posts/${historyPost}`, body: JSON.stringify({ title: `History ${n}`, content: documentOf(WORDS, n) }) }, n % 2 ? key : otherKey);
    }
    const listed = (await (await send(withHistory, { path: `/api/posts/${historyPost}/revisions?limit=1` })).json()) as { pageInfo: { total: number } };
    if (listed.pageInfo.total !== REVISIONS) throw new Error(`expected ${REVISIONS} revisions, found ${listed.pageInfo.total}`);

    // The posts the edit PATCHes rotate over, each already past its first edit revision.
    const posts: string[] = [];
    for (let n = 0; n < POSTS; n++) {
      const res = await send(withHistory, { method: "POST", path: "/api/posts", body: JSON.stringify({ title: `Post ${n}`, slug: `post-${n}`, content: documentOf(WORDS, 0) }) });
      posts.push(((await res.json()) as { id: string }).id);
    }
    const bodies = Array.from({ length: 16 }, (_, v) => JSON.stringify({ title: `Edited ${v}`, content: documentOf(WORDS, v + 1) }));
    const edit = (i: number): Request => ({ method: "PATCH", path: `/api/posts/${posts[i % POSTS]}`, body: bodies[Math.floor(i / POSTS) % bodies.length] });
    for (let i = 0; i < POSTS; i++) await send(withHistory, edit(i));

    console.log("\nedit PATCH, one key (coalescing), with and without history:");
    const patches = await compare([
      { name: "PATCH without history", target: withoutHistory, request: edit },
      { name: "PATCH with history (coalesced edits)", target: withHistory, request: edit },
    ]);
    const patchCost = slowdown(patches.get("PATCH with history (coalesced edits)")!, patches.get("PATCH without history")!);
    console.log(`→ PATCH with history: ${((patchCost - 1) * 100).toFixed(1)}% slower in req/s (target ≤ 10%)`);

    console.log(`\nreads of a post with ${REVISIONS} revisions of ${WORDS} words:`);
    const reads = await compare([
      { name: "GET /api/posts/:id", target: withHistory, request: () => ({ path: `/api/posts/${historyPost}` }) },
      { name: `GET …/revisions?limit=${REVISIONS}`, target: withHistory, request: () => ({ path: `/api/posts/${historyPost}/revisions?limit=${REVISIONS}` }) },
      { name: `GET …/revisions/1/diff?against=${REVISIONS}`, target: withHistory, request: () => ({ path: `/api/posts/${historyPost}/revisions/1/diff?against=${REVISIONS}` }) },
    ]);
    const read = reads.get("GET /api/posts/:id")!;
    console.log(`→ History list: ×${slowdown(reads.get(`GET …/revisions?limit=${REVISIONS}`)!, read).toFixed(2)} a post read's time per request (target ≤ 1.5)`);
    console.log(`→ Diff of two revisions: ×${slowdown(reads.get(`GET …/revisions/1/diff?against=${REVISIONS}`)!, read).toFixed(2)} a post read's time per request (target ≤ 3)`);
  } finally {
    for (const server of servers) await server.stop().catch((err: unknown) => console.error("server stop failed", err));
    await disconnectDb();
    await dropBenchDatabase(database).catch((err: unknown) => console.error("drop failed", err));
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
