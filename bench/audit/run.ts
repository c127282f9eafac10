// The audit log's budgets (TEAMS.md "Tests and budgets"), against the production build on a real
// PostgreSQL, as ratios taken in one run:
//   - an audited write: a post PATCH (title and a short document, rotating over posts) on a server
//     that writes audit rows, against the same PATCH on a server started with
//     BENCH_WITHOUT_AUDIT=1 (no audit row): target within 10% of its req/s;
//   - GET /api/audit (a page of 50, newest first; and filtered by action) of a project whose log
//     holds 1,000,000 rows, against the same of a project with 1,000: target within 1.5×.
//
//   npm run build && npm run bench:audit [-- --rows 1000000 --duration 10 --rounds 3 --connections 20]
//   npm run build && npm run bench:audit -- --quick     (a tiny run that checks the bench itself works)
//
// One database (created, migrated, dropped at the end; the big log seeded by SQL) and two servers
// on it, rate limits off. Scenarios of one comparison run back to back, round by round; every
// figure is the median over the rounds, after a warm-up. BENCH_DATABASE_URL names the PostgreSQL
// server (default postgresql://postgres@127.0.0.1:5432/postgres).
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { encode } from "next-auth/jwt";
import pg from "pg";
import type { RunningServer } from "../../tests/support/start-next-server";
import { createApiKey } from "../../lib/auth/create-api-key";
import { disconnectDb } from "../../lib/db";
import { createUser } from "../../lib/users/create-user";
import { createBenchDatabase, dropBenchDatabase, figuresLine, measure, median, startBenchServer, type BenchRequest, type Run } from "../lib/harness";

const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: false },
    rows: { type: "string" },
    posts: { type: "string" },
    duration: { type: "string" },
    rounds: { type: "string" },
    connections: { type: "string" },
  },
});
const quick = values.quick;
const BIG = Number(values.rows ?? (quick ? 20_000 : 1_000_000));
const SMALL = 1000;
const POSTS = Number(values.posts ?? (quick ? 3 : 50));
const DURATION = Number(values.duration ?? (quick ? 1 : 10));
const ROUNDS = Number(values.rounds ?? (quick ? 1 : 3));
const CONNECTIONS = Number(values.connections ?? (quick ? 2 : 20));
const WARM_UP = quick ? 1 : 2;
const AUTH_SECRET = "bench-auth-secret-0123456789abcdef"; // startBenchServer's

type Target = { server: RunningServer; key: string; cookie?: string };

async function send(target: Target, request: BenchRequest & { path: string }): Promise<Response> {
  const res = await fetch(`${target.server.url}${request.path}`, {
    method: request.method,
    body: request.body,
    headers: { ...(target.cookie ? { Cookie: target.cookie } : { Authorization: `Bearer ${target.key}` }), "Content-Type": "application/json" },
  });
  if (res.status >= 300) throw new Error(`${request.method ?? "GET"} ${request.path}: ${res.status} ${await res.text()}`);
  return res;
}

const load = (target: Target, request: (i: number) => BenchRequest, seconds: number): Promise<Run> =>
  measure({ server: target.server, key: target.key, cookie: target.cookie, connections: CONNECTIONS, seconds, request });

const slowdown = (slow: Run[], fast: Run[]) => median(slow.map((run, i) => fast[i].reqPerSec / run.reqPerSec));

async function compare(scenarios: { name: string; target: Target; request: (i: number) => BenchRequest }[]): Promise<Map<string, Run[]>> {
  for (const scenario of scenarios) await load(scenario.target, scenario.request, WARM_UP);
  const runs = new Map<string, Run[]>(scenarios.map((scenario) => [scenario.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const scenario of scenarios) runs.get(scenario.name)!.push(await load(scenario.target, scenario.request, DURATION));
  }
  for (const scenario of scenarios) console.log(figuresLine(scenario.name, runs.get(scenario.name)!));
  return runs;
}

/** `count` audit rows for `projectId`, one a second back from now, actions cycling over six. */
async function seedLog(url: string, projectId: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO "AuditEvent" (id, at, "projectId", "actorType", "actorId", "actorName", action, "targetType", "targetId", ip, "requestId")
       SELECT 'aud_seed_' || $1 || '_' || n, (now() AT TIME ZONE 'UTC') - make_interval(secs => n), $1, 'user', $1, 'bench',
              (ARRAY['post.created','post.updated','post.published','entry.updated','label.moved','media.created'])[1 + n % 6],
              'post', 'p' || (n % 5000), '198.51.100.' || (n % 250), 'seed-' || n
       FROM generate_series(1, $2::int) n`,
      [projectId, count],
    );
    // A log that grew over months has been vacuumed and checkpointed long ago: without this, the
    // first VACUUM of the freshly seeded million rows and the checkpoint writing them out run
    // during the measurements, and the database CPU figures charge them to whatever runs then.
    await client.query(`VACUUM (ANALYZE) "AuditEvent"`);
    await client.query(`CHECKPOINT`);
  } finally {
    await client.end();
  }
}

/** Drops every index of "AuditEvent" but its primary key (the floor scenario). */
async function dropAuditIndexes(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename = 'AuditEvent' AND indexname NOT LIKE '%_pkey'`);
    for (const row of rows) await client.query(`DROP INDEX "${row.indexname}"`);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  console.log(`audit bench: logs of ${SMALL} and ${BIG} rows, ${POSTS} posts for PATCH; ${ROUNDS} rounds of ${DURATION} s; ${CONNECTIONS} connections${quick ? " (quick: checks the bench runs, not a figure)" : ""}`);
  const { database, url } = await createBenchDatabase("inkbase_bench_audit");
  const servers: RunningServer[] = [];
  try {
    const password = randomBytes(12).toString("hex");
    const writer = await createUser({ username: "bench-audit", email: "bench-audit@example.test", password, plan: "pro" });
    const small = await createUser({ username: "bench-audit-small", email: "bench-audit-small@example.test", password, plan: "pro" });
    const big = await createUser({ username: "bench-audit-big", email: "bench-audit-big@example.test", password, plan: "pro" });
    const key = (await createApiKey({ userId: writer.id, name: "bench", scopes: ["posts:read", "posts:write"] })).key;
    await disconnectDb();
    console.log("seeding the logs…");
    await seedLog(url, small.id, SMALL);
    await seedLog(url, big.id, BIG);

    servers.push(await startBenchServer(url));
    servers.push(await startBenchServer(url, { BENCH_WITHOUT_AUDIT: "1" }));
    const audited: Target = { server: servers[0], key };
    const unaudited: Target = { server: servers[1], key };

    const posts: string[] = [];
    for (let n = 0; n < POSTS; n++) {
      const res = await send(audited, { method: "POST", path: "/api/posts", body: JSON.stringify({ title: `Post ${n}`, slug: `post-${n}` }) });
      posts.push(((await res.json()) as { id: string }).id);
    }
    const doc = (v: number) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: `An edit, take ${v}.` }] }] });
    const bodies = Array.from({ length: 16 }, (_, v) => JSON.stringify({ title: `Edited ${v}`, content: doc(v) }));
    const edit = (i: number): BenchRequest => ({ method: "PATCH", path: `/api/posts/${posts[i % POSTS]}`, body: bodies[Math.floor(i / POSTS) % bodies.length] });

    console.log("\npost PATCH, with and without the audit row:");
    const writes = await compare([
      { name: "PATCH without audit", target: unaudited, request: edit },
      { name: "PATCH with audit", target: audited, request: edit },
    ]);
    const writeCost = slowdown(writes.get("PATCH with audit")!, writes.get("PATCH without audit")!);
    console.log(`→ audited PATCH: ${((writeCost - 1) * 100).toFixed(1)}% slower in req/s (target ≤ 10%)`);

    const cookieOf = async (userId: string) => `next-auth.session-token=${await encode({ token: { sub: userId }, secret: AUTH_SECRET })}`;
    const smallTarget: Target = { server: servers[0], key, cookie: await cookieOf(small.id) };
    const bigTarget: Target = { server: servers[0], key, cookie: await cookieOf(big.id) };
    await send(bigTarget, { path: "/api/audit" });

    console.log(`\nGET /api/audit, ${SMALL} rows against ${BIG}:`);
    const reads = await compare([
      { name: `GET /api/audit (${SMALL} rows)`, target: smallTarget, request: () => ({ path: "/api/audit" }) },
      { name: `GET /api/audit (${BIG} rows)`, target: bigTarget, request: () => ({ path: "/api/audit" }) },
      { name: `GET /api/audit?action=label.moved (${SMALL})`, target: smallTarget, request: () => ({ path: "/api/audit?action=label.moved" }) },
      { name: `GET /api/audit?action=label.moved (${BIG})`, target: bigTarget, request: () => ({ path: "/api/audit?action=label.moved" }) },
      // Areas: one with a sixth of the rows, one with none (the dashboard's "Action" filter).
      { name: `GET /api/audit?action=label (${SMALL})`, target: smallTarget, request: () => ({ path: "/api/audit?action=label" }) },
      { name: `GET /api/audit?action=label (${BIG})`, target: bigTarget, request: () => ({ path: "/api/audit?action=label" }) },
      { name: `GET /api/audit?action=webhook (${SMALL})`, target: smallTarget, request: () => ({ path: "/api/audit?action=webhook" }) },
      { name: `GET /api/audit?action=webhook (${BIG})`, target: bigTarget, request: () => ({ path: "/api/audit?action=webhook" }) },
    ]);
    const ratio = (name: string) => slowdown(reads.get(`${name} (${BIG}${name.includes("?") ? "" : " rows"})`)!, reads.get(`${name} (${SMALL}${name.includes("?") ? "" : " rows"})`)!);
    console.log(`→ GET /api/audit at ${BIG} rows: ×${ratio("GET /api/audit").toFixed(2)} its time at ${SMALL} (target ≤ 1.5)`);
    for (const filter of ["label.moved", "label", "webhook"]) {
      console.log(`→ GET /api/audit?action=${filter} at ${BIG} rows: ×${ratio(`GET /api/audit?action=${filter}`).toFixed(2)} its time at ${SMALL} (target ≤ 1.5)`);
    }

    // The floor of the audited write: the same PATCH with the row going into a table with only its
    // primary key (the filter indexes dropped, after the reads that need them). What is left is the
    // row itself in the same statement; the rest of the cost above is the five indexes the filters
    // and the retention prune read through.
    await dropAuditIndexes(url);
    console.log("\npost PATCH, the audit table with only its primary key (the floor):");
    const floor = await compare([
      { name: "PATCH without audit", target: unaudited, request: edit },
      { name: "PATCH with audit, no indexes", target: audited, request: edit },
    ]);
    const floorCost = slowdown(floor.get("PATCH with audit, no indexes")!, floor.get("PATCH without audit")!);
    console.log(`→ audited PATCH, primary key only: ${((floorCost - 1) * 100).toFixed(1)}% slower in req/s (the floor of the row itself)`);
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
