// Collections benchmark (issue 4): entry create, PATCH with retention, label flip, the published
// listing (?label=production&full=1, perPage 50), the same listing with its references resolved
// two levels deep (&include=2, issue 25: every entry holds two references) and version GET
// answered 304, at 1,000 and 1,000,000 entries in one collection, against the production build on
// a real PostgreSQL.
//
//   npm run bench:collections [-- --sizes 1000,1000000 --duration 10 --rounds 3 --connections 50 --only PATCH,create]
//
// Needs a production build (`npm run build`; NEXT_DIST_DIR picks another one) and a PostgreSQL
// server (BENCH_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/postgres). Each size
// gets its own database (created, migrated, seeded in SQL, dropped at the end) and its own server,
// run with RATE_LIMIT_KEY_PER_MIN very high so the per-key limit does not cap the figures. The
// sizes take turns, scenario by scenario and round by round, so a busy machine slows them alike;
// each figure is the median over the rounds.
import { randomBytes } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import type { RunningServer } from "../../tests/support/start-next-server";
import { createApiKey } from "../../lib/auth/create-api-key";
import { createCollection } from "../../lib/collections/create-collection";
import { disconnectDb } from "../../lib/db";
import { createUser } from "../../lib/users/create-user";
import { admin, createBenchDatabase, dropBenchDatabase, measure, median, startBenchServer, statusesOf, type BenchRequest, type Run } from "../lib/harness";
import { seedEntries } from "./seed";

const { values } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,1000000" },
    duration: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "50" },
    only: { type: "string" },
    // The floors of a keyed read and of keyed writes (app/api/bench-floor), from a build made with
    // INKBASE_BENCH_ROUTES=1 (NEXT_DIST_DIR names it): how far any write here can get (bench/README.md).
    floor: { type: "boolean", default: false },
    out: { type: "string" },
  },
});
const sizes = values.sizes.split(",").map(Number);
const duration = Number(values.duration);
const rounds = Number(values.rounds);
const connections = Number(values.connections);
const COLLECTION = "bench";
/** The collection the entries' `author` references point into (PEOPLE published entries). */
const PEOPLE_COLLECTION = "people";
const BASE = `/api/collections/${COLLECTION}/entries`;
/** Entries the per-entry scenarios rotate over (spread, so writes rarely queue on one entry's lock). */
const SAMPLE = 200;

type Target = { size: number; database: string; url: string; key: string; pk: string; server: RunningServer; sample: string[]; etags: string[]; seedSeconds: number; databaseSize: string };
type Figures = { reqPerSec: number; ofHealth: number; p50: number; p99: number; cpuMsPerRequest: number; dbCpuMsPerRequest: number; requests: number; statuses: string };
type Scenario = { name: string; prepare?: (target: Target) => Promise<void>; request: (target: Target, i: number) => BenchRequest };

async function setUp(size: number): Promise<Target> {
  const { database, url } = await createBenchDatabase(`inkbase_bench_${size}`);
  const user = await createUser({ username: `bench-${size}`, email: `bench-${size}@example.test`, password: randomBytes(12).toString("hex"), plan: "pro" });
  const { key } = await createApiKey({ userId: user.id, name: "bench", scopes: ["collections:read", "collections:write", "collections:delete"] });
  const schema = {
    fields: [
      { name: "title", type: "string" as const, required: true },
      { name: "slug", type: "slug" as const },
      { name: "summary", type: "text" as const },
      { name: "body", type: "text" as const },
      { name: "author", type: "reference" as const, collection: PEOPLE_COLLECTION },
      { name: "related", type: "array" as const, items: "reference" as const, collection: COLLECTION },
    ],
    indexes: { slug: "slug", title: "title", summary: "summary" },
  };
  const owner = { id: user.id, username: user.username };
  await createCollection({ owner, input: { name: "People", slug: PEOPLE_COLLECTION, schema: { fields: [{ name: "name", type: "string" }], indexes: { title: "name" } } } });
  await createCollection({ owner, input: { name: "Bench", slug: COLLECTION, schema } });
  await disconnectDb();
  if (values.floor) {
    await admin(url, (client) => client.query(`CREATE TABLE "BenchFloor" (id int PRIMARY KEY, value text NOT NULL DEFAULT '', n int NOT NULL DEFAULT 0);
      INSERT INTO "BenchFloor" (id) SELECT generate_series(0, ${SAMPLE - 1})`));
  }

  console.log(`${size.toLocaleString("en")} entries: seeding…`);
  const started = Date.now();
  const { pk, databaseSize } = await admin(url, async (client) => {
    const { rows } = await client.query<{ pk: string; slug: string }>(`SELECT pk, slug FROM "Collection" WHERE slug = ANY($1)`, [[COLLECTION, PEOPLE_COLLECTION]]);
    const pkOf = (slug: string) => rows.find((row) => row.slug === slug)!.pk;
    await seedEntries(client, { collectionPk: pkOf(COLLECTION), peoplePk: pkOf(PEOPLE_COLLECTION), count: size });
    const sized = await client.query<{ size: string }>(`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`);
    return { pk: pkOf(COLLECTION), databaseSize: sized.rows[0].size };
  });
  const seedSeconds = Math.round((Date.now() - started) / 100) / 10;
  console.log(`  seeded in ${seedSeconds} s (${databaseSize})`);

  const server = await startBenchServer(url);
  // Published entries are the even ones; the sample spreads over the whole range.
  const sample = Array.from({ length: SAMPLE }, (_, i) => `bench-${2 * Math.max(1, Math.round(((i + 1) * size) / (2 * SAMPLE)))}`);
  const etags = await Promise.all(
    sample.map(async (id) => (await fetch(`${server.url}${BASE}/${id}/versions/v_1`, { headers: { Authorization: `Bearer ${key}` } })).headers.get("etag")!),
  );
  return { size, database, url, key, pk, server, sample, etags, seedSeconds, databaseSize };
}

async function tearDown(target: Target): Promise<void> {
  await target.server.stop();
  await dropBenchDatabase(target.database);
}

const load = (target: Target, scenario: Scenario, seconds: number, offset: number): Promise<Run> =>
  measure({ server: target.server, key: target.key, connections, seconds, offset, request: (i) => scenario.request(target, i) });

const run = randomBytes(3).toString("hex");
const editBody = (target: Target, i: number) => {
  const id = target.sample[i % SAMPLE];
  return { method: "PATCH", path: `${BASE}/${id}`, body: JSON.stringify({ data: { title: `Edit ${i}`, slug: `entry-${id.slice(6)}`, summary: "Edited by the bench" } }) };
};

const HEALTH = "floor: GET /api/health";
/** `--floor`: what any keyed request and write costs here, with none of a real write's work. */
const FLOOR_SCENARIOS: Scenario[] = [
  { name: "floor: keyed GET (the key's lookup, a JSON answer)", request: () => ({ path: "/api/bench-floor/read" }) },
  {
    name: "floor: keyed PUT, one UPDATE (BEGIN, UPDATE, COMMIT: one round trip)",
    request: (_t, i) => ({ method: "PUT", path: "/api/bench-floor/write", body: JSON.stringify({ row: i % SAMPLE, value: `v${i}` }) }),
  },
  {
    name: "floor: keyed PUT, lock then UPDATE (two round trips)",
    request: (_t, i) => ({ method: "PUT", path: "/api/bench-floor/locked-write", body: JSON.stringify({ row: i % SAMPLE, value: `v${i}` }) }),
  },
];
const ALL_SCENARIOS: Scenario[] = [
  // The floor the other rows are set against: routing, the route wrapper and one `SELECT 1`.
  { name: HEALTH, request: () => ({ path: "/api/health" }) },
  { name: "published listing (label=production&full=1, 50)", request: () => ({ path: `${BASE}?label=production&full=1&perPage=50` }) },
  // Issue 25's budget: the same page with both references of each entry resolved two levels deep
  // (authors and related entries, then theirs), within 1.5× of the listing above.
  { name: "published listing with include=2 (two references each)", request: () => ({ path: `${BASE}?label=production&full=1&perPage=50&include=2` }) },
  {
    name: "version GET with If-None-Match (304)",
    request: (t, i) => ({ path: `${BASE}/${t.sample[i % SAMPLE]}/versions/v_1`, headers: { "If-None-Match": t.etags[i % SAMPLE] } }),
  },
  {
    name: "label flip (PUT production v_1 ⇄ v_2)",
    request: (t, i) => ({
      method: "PUT",
      path: `${BASE}/${t.sample[i % SAMPLE]}/labels/production`,
      body: JSON.stringify({ version: `v_${1 + (Math.floor(i / SAMPLE) % 2)}` }),
    }),
  },
  {
    name: "entry create",
    request: (t, i) => ({ method: "POST", path: BASE, body: JSON.stringify({ data: { title: `New ${i}`, slug: `new-${run}-${t.size}-${i}`, summary: "Created by the bench" } }) }),
  },
  {
    name: "PATCH with retention (prunes one version each)",
    // Every sampled entry first gets past 10 versions, so each measured PATCH also prunes.
    prepare: async (t) => {
      for (let n = 0; n < 10 * SAMPLE; n++) {
        const { method, path, body } = editBody(t, n);
        await fetch(`${t.server.url}${path}`, { method, body, headers: { Authorization: `Bearer ${t.key}`, "Content-Type": "application/json" } });
      }
    },
    request: editBody,
  },
];

// --only word,word: the scenarios whose name contains one of the words (the floor always runs).
const only = values.only?.split(",").filter(Boolean) ?? [];
const SCENARIOS = [...ALL_SCENARIOS.slice(0, 1), ...(values.floor ? FLOOR_SCENARIOS : []), ...ALL_SCENARIOS.slice(1)].filter((s) => s.name === HEALTH || s.name.startsWith("floor: keyed") || !only.length || only.some((word) => s.name.includes(word)));

async function main(): Promise<void> {
  console.log(`collections bench: sizes ${sizes.join(", ")}; ${rounds} rounds of ${duration} s per scenario and size; ${connections} connections`);
  const targets: Target[] = [];
  try {
    for (const size of sizes) targets.push(await setUp(size));
    const versionRowsBefore = await Promise.all(targets.map((t) => admin(t.url, async (c) => Number((await c.query(`SELECT count(*) FROM "EntryVersion"`)).rows[0].count))));
    const table: Record<string, Record<number, Figures>> = {};
    const floors = new Map<string, Run[]>(SCENARIOS.flatMap((s) => targets.map((t) => [`${s.name}|${t.size}`, []] as [string, Run[]])));
    for (const scenario of SCENARIOS) {
      for (const target of targets) {
        await scenario.prepare?.(target);
        await load(target, scenario, 2, 0); // warm-up: JIT, pools, caches
      }
      const runs = new Map<number, Run[]>(targets.map((t) => [t.size, []]));
      for (let round = 0; round < rounds; round++) {
        for (const target of targets) {
          // Each round of a scenario is followed at once by a round of the floor on the same server,
          // so the ratio compares figures taken seconds apart.
          runs.get(target.size)!.push(await load(target, scenario, duration, (round + 1) * 1_000_000));
          if (scenario.name !== HEALTH) floors.get(`${scenario.name}|${target.size}`)!.push(await load(target, SCENARIOS[0], Math.min(duration, 5), 0));
        }
      }
      table[scenario.name] = {};
      for (const target of targets) {
        const floor = floors.get(`${scenario.name}|${target.size}`)!;
        const results = runs.get(target.size)!;
        const figures: Figures = {
          reqPerSec: Math.round(median(results.map((r) => r.reqPerSec))),
          ofHealth: scenario.name === HEALTH ? 1 : median(results.map((r, i) => r.reqPerSec / floor[i].reqPerSec)),
          cpuMsPerRequest: median(results.map((r) => r.cpuMs)),
          dbCpuMsPerRequest: median(results.map((r) => r.dbCpuMs)),
          p50: median(results.map((r) => r.p50)),
          p99: median(results.map((r) => r.p99)),
          requests: results.reduce((sum, r) => sum + r.requests, 0),
          statuses: statusesOf(results),
        };
        table[scenario.name][target.size] = figures;
        console.log(`  ${String(target.size).padStart(8)}  ${scenario.name.padEnd(50)} ${String(figures.reqPerSec).padStart(5)} req/s (${(100 * figures.ofHealth).toFixed(0)}% of health)  p50 ${figures.p50} ms  p99 ${figures.p99} ms  server CPU ${figures.cpuMsPerRequest.toFixed(2)} ms/req  database CPU ${figures.dbCpuMsPerRequest.toFixed(2)} ms/req  [${figures.statuses}]`);
      }
    }

    const retention = await Promise.all(
      targets.map((t, i) =>
        admin(t.url, async (c) => {
          const after = Number((await c.query(`SELECT count(*) FROM "EntryVersion"`)).rows[0].count);
          const perEntry = await c.query(`SELECT max(n)::int AS max FROM (SELECT count(*) AS n FROM "EntryVersion" WHERE "entryId" = ANY($1) GROUP BY "entryId") per`, [t.sample]);
          const created = Number((await c.query(`SELECT count(*) FROM "Entry" WHERE id NOT LIKE 'bench-%'`)).rows[0].count);
          // Seeded entries start at v_2, so every version past that is one applied PATCH.
          const patches = Number((await c.query(`SELECT coalesce(sum(version - 2), 0) AS n FROM "Entry" WHERE id = ANY($1)`, [t.sample])).rows[0].n);
          return { size: t.size, before: versionRowsBefore[i], after, created, patches, maxPerSampledEntry: perEntry.rows[0].max as number };
        }),
      ),
    );
    const plans = await Promise.all(
      targets.map((t) =>
        admin(t.url, async (c) => {
          const { rows } = await c.query(
            `EXPLAIN (ANALYZE, BUFFERS) SELECT l."entryId" AS id, v.version, v.slug, v.title, v.summary, v.tag, l."entryUpdatedAt", v.data
             FROM "EntryLabel" l JOIN "EntryVersion" v ON v."entryId" = l."entryId" AND v.version = l.version
             WHERE l."collectionPk" = $1 AND l.name = 'production' ORDER BY l."entryUpdatedAt" DESC, l."entryId" ASC LIMIT 50 OFFSET 0`,
            [t.pk],
          );
          return rows.map((row) => row["QUERY PLAN"] as string).join("\n");
        }),
      ),
    );

    console.log("\n| Scenario | " + targets.map((t) => `${t.size.toLocaleString("en")} entries: req/s · × health · p50 · p99 (ms) · server CPU · database CPU ms/req`).join(" | ") + " |");
    console.log("|---|" + targets.map(() => "---|").join(""));
    for (const scenario of SCENARIOS) {
      console.log(`| ${scenario.name} | ` + targets.map((t) => { const f = table[scenario.name][t.size]; return `${f.reqPerSec} · ${(100 * f.ofHealth).toFixed(0)}% · ${f.p50} · ${f.p99} · ${f.cpuMsPerRequest.toFixed(2)} · ${f.dbCpuMsPerRequest.toFixed(2)}`; }).join(" | ") + " |");
    }
    const [plain, included] = [ALL_SCENARIOS[1].name, ALL_SCENARIOS[2].name];
    if (table[plain] && table[included]) {
      for (const target of targets) {
        const a = table[plain][target.size];
        const b = table[included][target.size];
        console.log(`\nListing with include=2 vs without at ${target.size}: p50 ×${(b.p50 / a.p50).toFixed(2)}, p99 ×${(b.p99 / a.p99).toFixed(2)}, throughput ×${(a.reqPerSec / b.reqPerSec).toFixed(2)} lower (budget 1.5×)`);
      }
    }
    if (targets.length > 1 && table[ALL_SCENARIOS[1].name]) {
      const listing = ALL_SCENARIOS[1].name;
      const small = table[listing][targets[0].size];
      const large = table[listing][targets.at(-1)!.size];
      console.log(`\nPublished listing, ${targets.at(-1)!.size} vs ${targets[0].size} entries: p50 ×${(large.p50 / small.p50).toFixed(2)}, p99 ×${(large.p99 / small.p99).toFixed(2)}, throughput ×${(small.reqPerSec / large.reqPerSec).toFixed(2)} lower`);
    }
    for (const r of retention) {
      console.log(
        `Retention at ${r.size}: EntryVersion ${r.before} rows after seeding → ${r.after} after ${r.patches} PATCHes on ${SAMPLE} entries and ${r.created} creates ` +
          `(bound: ${r.before} + ${r.created} + ${SAMPLE} × (10 − 2 + 1 labelled) = ${r.before + r.created + SAMPLE * 9}); at most ${r.maxPerSampledEntry} versions on any PATCHed entry`,
      );
    }
    for (const [i, plan] of plans.entries()) console.log(`\nListing plan at ${targets[i].size}:\n${plan}`);
    if (values.out) {
      await writeFile(values.out, JSON.stringify({ sizes, duration, rounds, connections, targets: targets.map(({ size, seedSeconds, databaseSize }) => ({ size, seedSeconds, databaseSize })), table, retention, plans }, null, 2));
    }
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
