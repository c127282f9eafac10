// Safe retries and the event feed (issue 24), against the production build on a real PostgreSQL:
//   - the cost of Idempotency-Key on a write: an entry PATCH without and with a fresh key, taken
//     back to back round by round, as a ratio (target: with ≤ 15% slower);
//   - a replay (the same key and body again) against GET /api/health beside it (target ≥ 80%);
//   - the feed: GET /api/events?after=…&limit=100 with 1,000 and with 1,000,000 outbox rows of the
//     caller (target: the large within 1.5× of the small).
//
//   npm run build && npm run bench:retries [-- --sizes 1000,1000000 --duration 10 --rounds 3 --connections 50 --only patch,replay,feed]
//
// Each size gets its own database (created, migrated, seeded in SQL, dropped at the end) and its
// own server (RATE_LIMIT_KEY_PER_MIN very high). The writes and the replay run on the first size
// only (the outbox's size is not what they measure); the feed runs on every size, the sizes
// taking turns round by round. Every figure is the median over the rounds, after a 2 s warm-up.
// BENCH_DATABASE_URL and BENCH_CPU_PROF as for the other benches (bench/README.md).
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import type { RunningServer } from "../../tests/support/start-next-server";
import { createApiKey } from "../../lib/auth/create-api-key";
import { createCollection } from "../../lib/collections/create-collection";
import { disconnectDb } from "../../lib/db";
import { createUser } from "../../lib/users/create-user";
import { admin, createBenchDatabase, dropBenchDatabase, figuresLine, measure, median, startBenchServer, type BenchRequest, type Run } from "../lib/harness";
import { seedOutbox } from "./seed-outbox";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,1000000" },
    duration: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "50" },
    // Comma-separated: `patch` (without and with a key), `replay` (with the floor beside it), `feed`.
    only: { type: "string", default: "patch,replay,feed" },
  },
});
const sizes = values.sizes.split(",").map(Number);
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const only = new Set(values.only.split(","));
const ENTRIES = "/api/collections/bench/entries";
/** Entries the PATCHes rotate over, so writes rarely queue on one entry's lock. */
const SAMPLE = 200;
/** Cursors the feed requests rotate over, spread over the whole feed. */
const CURSORS = 50;

type Target = { size: number; database: string; key: string; server: RunningServer; cursors: string[] };
type Request = BenchRequest & { path: string };

async function setUp(size: number): Promise<Target> {
  const { database, url } = await createBenchDatabase(`inkbase_bench_retries_${size}`);
  const user = await createUser({ username: `bench-${size}`, email: `bench-${size}@example.test`, password: randomBytes(12).toString("hex"), plan: "pro" });
  const { key } = await createApiKey({ userId: user.id, name: "bench", scopes: ["collections:read", "collections:write", "webhooks:read"] });
  const schema = { fields: [{ name: "title", type: "string" as const, required: true }, { name: "summary", type: "text" as const }], indexes: { title: "title", summary: "summary" } };
  await createCollection({ owner: { id: user.id, username: user.username }, input: { name: "Bench", slug: "bench", schema } });
  await disconnectDb();

  console.log(`${size.toLocaleString("en")} outbox rows: seeding…`);
  const started = Date.now();
  await admin(url, (client) => seedOutbox(client, { ownerId: user.id, project: user.username, count: size }));
  console.log(`  seeded in ${Math.round((Date.now() - started) / 100) / 10} s`);

  const server = await startBenchServer(url);
  // Cursors with at least 100 events after them, spread from the oldest to the newest.
  const cursors = Array.from({ length: CURSORS }, (_, i) => `evt_bench_${String(1 + Math.floor((i * Math.max(1, size - 101)) / CURSORS)).padStart(10, "0")}`);
  return { size, database, key, server, cursors };
}

async function tearDown(target: Target): Promise<void> {
  await target.server.stop();
  await dropBenchDatabase(target.database);
}

const load = (target: Target, request: (i: number) => Request, seconds: number): Promise<Run> =>
  measure({ server: target.server, key: target.key, connections, seconds, request });

const ratio = (top: Run[], bottom: Run[]) => median(top.map((r, i) => r.reqPerSec / bottom[i].reqPerSec));
const run = randomBytes(3).toString("hex");
/** The entries the PATCHes rotate over, made through the API by measureWrites. */
const sample: string[] = [];
const patch = (i: number, headers: Record<string, string> = {}): Request => ({
  method: "PATCH",
  path: `${ENTRIES}/${sample[i % SAMPLE]}`,
  body: JSON.stringify({ data: { title: `Edit ${i}`, summary: "Edited by the bench" } }),
  headers,
});
const replayRequest = () => patch(0, { "Idempotency-Key": `replay-${run}` });
const SCENARIOS = {
  health: (): Request => ({ path: "/api/health" }),
  patchWithout: (i: number) => patch(i),
  patchWith: (i: number) => patch(i, { "Idempotency-Key": `bench-${run}-${i}-${randomBytes(4).toString("hex")}` }),
  replay: replayRequest,
};

const line = (name: string, runs: Run[]) => figuresLine(name, runs, 44);

async function send(target: Target, request: Request): Promise<Response> {
  return fetch(`${target.server.url}${request.path}`, {
    method: request.method,
    body: request.body,
    headers: { Authorization: `Bearer ${target.key}`, "Content-Type": "application/json", ...request.headers },
  });
}

async function measureWrites(target: Target) {
  const writes = { patchWithout: [] as Run[], patchWith: [] as Run[], replay: [] as Run[], health: [] as Run[] };
  for (let n = 0; n < SAMPLE; n++) {
    const created = await send(target, { method: "POST", path: ENTRIES, body: JSON.stringify({ data: { title: `Entry ${n}`, summary: "Made by the bench" } }) });
    sample.push(((await created.json()) as { id: string }).id);
  }
  // Every sampled entry first gets past 10 versions, so every measured PATCH also prunes one.
  for (let n = 0; n < 10 * SAMPLE; n++) await send(target, patch(n));
  if ((await send(target, replayRequest())).status !== 200) throw new Error("the replay's first request failed");
  const pairs = [
    ["patch", "patchWithout", "patchWith"],
    ["replay", "replay", "health"],
  ] as const;
  for (const [name, a, b] of pairs) if (only.has(name)) for (const scenario of [a, b]) await load(target, SCENARIOS[scenario], 2);
  for (let round = 0; round < rounds; round++) {
    // Side by side: without a key, then with one; the replay, then the floor.
    for (const [name, a, b] of pairs) {
      if (!only.has(name)) continue;
      writes[a].push(await load(target, SCENARIOS[a], duration));
      writes[b].push(await load(target, SCENARIOS[b], duration));
    }
  }
  if (only.has("patch")) {
    console.log(line("PATCH without Idempotency-Key", writes.patchWithout));
    console.log(line("PATCH with a fresh Idempotency-Key", writes.patchWith));
    console.log(`→ PATCH with a key: ${((ratio(writes.patchWithout, writes.patchWith) - 1) * 100).toFixed(1)}% slower in req/s (median of the side-by-side rounds; target ≤ 15%)`);
  }
  if (only.has("replay")) {
    console.log(line("replay (same key and body)", writes.replay));
    console.log(line("floor: GET /api/health", writes.health));
    console.log(`→ Replay: ${(ratio(writes.replay, writes.health) * 100).toFixed(0)}% of /api/health (target ≥ 80%)`);
  }
}

async function measureFeed(targets: Target[]) {
  const feed = new Map<number, Run[]>(targets.map((t) => [t.size, []]));
  const page = (t: Target) => (i: number) => ({ path: `/api/events?after=${t.cursors[i % CURSORS]}&limit=100` });
  for (const target of targets) await load(target, page(target), 2);
  for (let round = 0; round < rounds; round++) {
    for (const target of targets) feed.get(target.size)!.push(await load(target, page(target), duration));
  }
  for (const target of targets) console.log(line(`events page of 100 at ${target.size.toLocaleString("en")} rows`, feed.get(target.size)!));
  if (targets.length > 1) {
    const small = feed.get(targets[0].size)!;
    const large = feed.get(targets.at(-1)!.size)!;
    const p50 = median(large.map((r) => r.p50)) / median(small.map((r) => r.p50));
    console.log(`→ Events page at ${targets.at(-1)!.size.toLocaleString("en")} vs ${targets[0].size.toLocaleString("en")} rows: throughput ×${ratio(small, large).toFixed(2)} lower, p50 ×${p50.toFixed(2)} (target within 1.5×)`);
  }
}

async function main(): Promise<void> {
  console.log(`retries bench: outbox sizes ${sizes.join(", ")}; ${rounds} rounds of ${duration} s; ${connections} connections; ${[...only].join(", ")}`);
  const targets: Target[] = [];
  try {
    for (const size of sizes) targets.push(await setUp(size));
    if (only.has("patch") || only.has("replay")) await measureWrites(targets[0]);
    if (only.has("feed")) await measureFeed(targets);
  } finally {
    for (const target of targets) await tearDown(target).catch((err) => console.error("teardown failed", err));
    await disconnectDb();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
