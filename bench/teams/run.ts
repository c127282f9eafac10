// `npm run bench:teams`: TEAMS.md's first budget, a keyed read with the membership check at least
// 0.95 of the same read before teams. One production server on a fresh database (PostgreSQL with
// TEST_DATABASE_URL, else embedded), one run, every figure as a ratio to GET /api/health measured
// in the same round:
//   - GET /api/posts/:id with a project key (the key lookup joins the maker and the membership,
//     which find nothing: what every pre-teams key pays now);
//   - the same read with a member's personal key (the joins find the membership: the new path);
//   - the same read with the owner's personal key.
// Main's figure for the same read is its `GET /api/posts/:id` ratio in bench/posts (same shape:
// one keyed owner read): compare the ratios, not the req/s, across runs.
// Prints a table and writes it to bench/teams/last-run.md.
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { createApiKey } from "../../lib/auth/create-api-key";
import { EMPTY_DOCUMENT } from "../../lib/content/tiptap-document";
import { db } from "../../lib/db";
import { createPost } from "../../lib/posts/create-post";
import { createUser } from "../../lib/users/create-user";
import { startNextServer } from "../../tests/support/start-next-server";
import { createTestDatabase } from "../../tests/support/test-database";
import { testServerEnv } from "../../tests/support/test-server-env";

type Result = { requests: { average: number }; latency: { p50: number; p99: number }; statusCodeStats: Record<string, unknown> };
const autocannon = createRequire(import.meta.url)("autocannon") as (options: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<Result>;

const here = import.meta.dirname;
const duration = Number(process.env.BENCH_DURATION || 8);
const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const rounds = Number(process.env.BENCH_ROUNDS || 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
  const database = await createTestDatabase("inkbase_bench_teams");
  const server = await startNextServer({ ...testServerEnv({ databaseUrl: database.url, cronSecret: "bench" }), RATE_LIMIT_KEY_PER_MIN: "100000000" });
  try {
    process.env.DATABASE_URL = database.url;
    const owner = await createUser({ username: "bench-owner", email: "owner@bench.test", password: "bench-password-1", plan: "pro" });
    const member = await createUser({ username: "bench-member", email: "member@bench.test", password: "bench-password-2", plan: "free" });
    await db().membership.create({ data: { projectId: owner.id, userId: member.id, role: "editor" } });
    const { id } = await createPost({ owner: { id: owner.id, username: owner.username }, input: { title: "Bench", slug: "bench", content: EMPTY_DOCUMENT, status: "published" } });
    const scopes = ["posts:read"];
    const projectKey = (await createApiKey({ userId: owner.id, scopes })).key;
    const memberKey = (await createApiKey({ userId: owner.id, scopes, kind: "personal", createdById: member.id })).key;
    const ownerKey = (await createApiKey({ userId: owner.id, scopes, kind: "personal", createdById: owner.id })).key;
    const read = `${server.url}/api/posts/${id}`;
    const scenarios: { name: string; url: string; headers: Record<string, string> }[] = [
      { name: "floor: GET /api/health", url: `${server.url}/api/health`, headers: {} },
      { name: "keyed read, project key (pre-teams keys)", url: read, headers: { Authorization: `Bearer ${projectKey}` } },
      { name: "keyed read, member's personal key (membership found)", url: read, headers: { Authorization: `Bearer ${memberKey}` } },
      { name: "keyed read, owner's personal key", url: read, headers: { Authorization: `Bearer ${ownerKey}` } },
    ];
    const runs = new Map<string, { rps: number; p50: number; p99: number; statuses: string }[]>();
    for (let round = 0; round < rounds; round++) {
      for (const scenario of scenarios) {
        await autocannon({ url: scenario.url, connections, duration: 2, headers: scenario.headers });
        const result = await autocannon({ url: scenario.url, connections, duration, headers: scenario.headers });
        const list = runs.get(scenario.name) ?? [];
        list.push({ rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, statuses: Object.keys(result.statusCodeStats).join(",") });
        runs.set(scenario.name, list);
      }
    }
    const floor = runs.get(scenarios[0].name)!;
    const lines = [
      `# bench:teams, ${new Date().toISOString()}`,
      "",
      `${database.kind}, ${connections} connections, ${duration} s, median of ${rounds} rounds, load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`,
      "",
      "| scenario | req/s | × health | p50 ms | p99 ms | status |",
      "|---|---|---|---|---|---|",
      ...scenarios.map(({ name }) => {
        const list = runs.get(name)!;
        const ratio = median(list.map((r, i) => r.rps / floor[i].rps));
        return `| ${name} | ${median(list.map((r) => r.rps)).toFixed(0)} | ${(100 * ratio).toFixed(0)}% | ${median(list.map((r) => r.p50))} | ${median(list.map((r) => r.p99))} | ${list[0].statuses} |`;
      }),
    ];
    console.log(lines.join("\n"));
    writeFileSync(path.join(here, "last-run.md"), `${lines.join("\n")}\n`);
  } finally {
    await server.stop();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
