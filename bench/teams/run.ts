// `npm run bench:teams`: TEAMS.md's first budget, a keyed read with the membership check at least
// 0.95 of the same read before teams. One production server on a fresh database (PostgreSQL with
// TEST_DATABASE_URL, else embedded), one run, every figure as a ratio to GET /api/health measured
// in the same round:
//   - GET /api/posts/:id with a project key (the key lookup joins the maker and the membership,
//     which find nothing: what every pre-teams key pays now);
//   - the same read with a member's personal key (the joins find the membership: the new path);
//   - the same read with the owner's personal key.
// The "before" in the same run: BENCH_BASELINE_DIR names a checkout of the commit before teams,
// built (`npm run build` there; e.g. `git worktree add ../base <commit>`). Its server runs beside
// this one on a database migrated by its own migrations, with a key and a post made by its own
// CLI and API, and the same read is measured there, each server's read as a ratio to its own
// /api/health in the same round. Without it, compare against bench/posts' keyed read ratio.
// Prints a table and writes it to bench/teams/last-run.md.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { createApiKey } from "../../lib/auth/create-api-key";
import { EMPTY_DOCUMENT } from "../../lib/content/tiptap-document";
import { db } from "../../lib/db";
import { createPost } from "../../lib/posts/create-post";
import { createUser } from "../../lib/users/create-user";
import { childEnv } from "../../tests/support/child-env";
import { startNextServer, type RunningServer } from "../../tests/support/start-next-server";
import { createTestDatabase } from "../../tests/support/test-database";
import { testServerEnv } from "../../tests/support/test-server-env";

type Result = { requests: { average: number }; latency: { p50: number; p99: number }; statusCodeStats: Record<string, unknown> };
const autocannon = createRequire(import.meta.url)("autocannon") as (options: { url: string; connections: number; duration: number; headers?: Record<string, string> }) => Promise<Result>;

const here = import.meta.dirname;
const duration = Number(process.env.BENCH_DURATION || 8);
const connections = Number(process.env.BENCH_CONNECTIONS || 20);
const rounds = Number(process.env.BENCH_ROUNDS || 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The pre-teams build's server, its own database, and a keyed read of one published post there. */
async function startBaseline(dir: string): Promise<{ server: RunningServer; health: string; read: string; key: string; drop(): Promise<void> }> {
  const database = await createTestDatabase("inkbase_bench_teams_base", "postgres").catch(() => createTestDatabase("inkbase_bench_teams_base"));
  const env = { ...testServerEnv({ databaseUrl: database.url, cronSecret: "bench" }), RATE_LIMIT_KEY_PER_MIN: "100000000" };
  // Its own migrations over what createTestDatabase applied (a no-op when they are a prefix).
  const cli = (args: string[]) => execFileSync(process.execPath, ["--import", "tsx", ...args], { cwd: dir, env: childEnv(env), encoding: "utf8" });
  cli(["scripts/migrate.ts", "deploy"]);
  cli(["scripts/admin.ts", "user:create", "--username", "bench-base", "--email", "base@bench.test", "--password", "bench-password-3", "--plan", "pro"]);
  const created = JSON.parse(cli(["scripts/admin.ts", "key:create", "--username", "bench-base", "--scopes", "posts:read,posts:write"]).trim()) as { key: string };
  const server = await startNextServer(env, { root: dir });
  const res = await fetch(`${server.url}/api/posts`, {
    method: "POST",
    headers: { Authorization: `Bearer ${created.key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ title: "Bench", slug: "bench", content: EMPTY_DOCUMENT, status: "published" }),
  });
  if (res.status !== 201) throw new Error(`baseline post: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  return { server, health: `${server.url}/api/health`, read: `${server.url}/api/posts/${id}`, key: created.key, drop: () => database.drop() };
}

async function main(): Promise<void> {
  const baselineDir = process.env.BENCH_BASELINE_DIR;
  const baseline = baselineDir ? await startBaseline(path.resolve(baselineDir)) : null;
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
    // The before: the same read on the pre-teams build, over its own floor (ratio to the latter).
    const BASE_FLOOR = "before teams, floor: GET /api/health";
    if (baseline) {
      scenarios.push(
        { name: BASE_FLOOR, url: baseline.health, headers: {} },
        { name: "before teams, keyed read (its only kind of key)", url: baseline.read, headers: { Authorization: `Bearer ${baseline.key}` } },
      );
    }
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
    const floorOf = (name: string) => runs.get(name.startsWith("before teams") ? BASE_FLOOR : scenarios[0].name)!;
    const ratioOf = (name: string) => median(runs.get(name)!.map((r, i) => r.rps / floorOf(name)[i].rps));
    const lines = [
      `# bench:teams, ${new Date().toISOString()}`,
      "",
      `${database.kind}, ${connections} connections, ${duration} s, median of ${rounds} rounds, load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`,
      "",
      "| scenario | req/s | × health | p50 ms | p99 ms | status |",
      "|---|---|---|---|---|---|",
      ...scenarios.map(({ name }) => {
        const list = runs.get(name)!;
        const ratio = ratioOf(name);
        return `| ${name} | ${median(list.map((r) => r.rps)).toFixed(0)} | ${(100 * ratio).toFixed(0)}% | ${median(list.map((r) => r.p50))} | ${median(list.map((r) => r.p99))} | ${list[0].statuses} |`;
      }),
    ];
    if (baseline) {
      const before = ratioOf("before teams, keyed read (its only kind of key)");
      lines.push("", "Each read's ratio to its own server's health, over the same ratio before teams (target ≥ 0.95):", "");
      for (const { name } of scenarios.slice(1, 4)) lines.push(`- ${name}: **${(ratioOf(name) / before).toFixed(2)}**`);
    }
    console.log(lines.join("\n"));
    writeFileSync(path.join(here, "last-run.md"), `${lines.join("\n")}\n`);
  } finally {
    await server.stop();
    await database.drop();
    await baseline?.server.stop();
    await baseline?.drop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
