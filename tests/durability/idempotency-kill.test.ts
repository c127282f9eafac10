// Idempotency-Key across a kill -9 between a write's effect and its answer (issue 39; PLATFORM.md
// "Safe retries"): a build with fault points (`npm run build:faults`, into .next-faults) serves a
// POST /api/posts sent with a key and kills its own process with SIGKILL right after the write
// committed and before it answered (lib/faults/fault-point.ts, "idempotency-after-commit"); the
// whole launcher is then killed too (on the embedded database, PGlite with it) and started again
// on the same data. Retries with the same key replay the first run's answer: one post, the same
// status and body twice, the handler never run again. On PostgreSQL and on the embedded database.
//
// The same file checks that a normal build holds no fault point: its server bundle never names
// INKBASE_FAULT_AT, which the fault build's does.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { embeddedUrl } from "../../scripts/lib/embedded-server";
import { announcedEmbeddedPort, launch, type Launched } from "../support/launched-server";
import { freePort } from "../support/start-next-server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const root = path.resolve(import.meta.dirname, "../..");
const FAULT_DIST_DIR = ".next-faults";
const faultBuild = existsSync(path.join(root, FAULT_DIST_DIR, "BUILD_ID"));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

type Answer = { status: number; body: string; location: string | null; replayed: boolean };

async function killedAfterCommitThenRetried(kind: "postgres" | "embedded") {
  const dataDir = mkdtempSync(path.join(tmpdir(), `inkbase-idem-kill-${kind}-`));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  let database: TestDatabase | undefined;
  if (kind === "postgres") {
    database = await createTestDatabase("inkbase_idem_kill", "postgres");
    cleanups.push(() => database!.drop());
  }
  const options = { databaseUrl: database?.url, dataDir, port: await freePort() };
  const running: Launched[] = [];
  cleanups.push(async () => {
    for (const server of running) await server.stop();
  });

  const first = await launch({ ...options, env: { NEXT_DIST_DIR: FAULT_DIST_DIR, INKBASE_FAULT_AT: "idempotency-after-commit" } });
  running.push(first);
  const runId = Math.random().toString(36).slice(2, 10);
  const title = `Killed after commit ${runId}`;
  const idempotencyKey = `kill-${runId}`;
  const send = (server: Launched) =>
    fetch(`${server.url}/api/posts`, {
      method: "POST",
      headers: { Authorization: `Bearer ${first.demoKey}`, "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
      body: JSON.stringify({ title, slug: `killed-${runId}`, status: "published" }),
    });

  // The server dies at the fault point: the connection drops without an answer.
  const lost = await send(first).then(
    (res) => `answered ${res.status}`,
    () => "no answer",
  );
  expect(lost).toBe("no answer");
  await first.kill9();

  const second = await launch({ ...options, env: { NEXT_DIST_DIR: FAULT_DIST_DIR } });
  running.push(second);
  const answers: Answer[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await send(second);
    answers.push({ status: res.status, body: await res.text(), location: res.headers.get("location"), replayed: res.headers.get("idempotent-replayed") === "true" });
  }
  // Both retries replay the answer stored by the killed run: nothing ran again.
  expect(answers[0]).toMatchObject({ status: 201, replayed: true });
  expect(answers[1]).toEqual(answers[0]);

  const client = new pg.Client({ connectionString: database?.url ?? embeddedUrl(announcedEmbeddedPort(dataDir)) });
  await client.connect();
  try {
    const posts = await client.query<{ id: string }>(`SELECT id FROM "Post" WHERE title = $1`, [title]);
    expect(posts.rows).toHaveLength(1);
    expect(JSON.parse(answers[0].body)).toMatchObject({ id: posts.rows[0].id });
    // The post's events, each once: the write's outbox rows committed once, with its answer.
    const events = await client.query<{ type: string; n: number }>(
      `SELECT type, count(*)::int AS n FROM "OutboxEvent" WHERE "orderingKey" = $1 GROUP BY type`,
      [`post:${posts.rows[0].id}`],
    );
    expect(events.rows.length).toBeGreaterThan(0);
    expect(events.rows.filter((row) => row.n !== 1)).toEqual([]);
  } finally {
    await client.end();
  }
}

describe.skipIf(!faultBuild)("kill -9 between a keyed write's commit and its answer (build with `npm run build:faults` first)", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)("replays the stored answer and writes one post, on PostgreSQL", { timeout: 240_000 }, () =>
    killedAfterCommitThenRetried("postgres"));

  it("replays the stored answer and writes one post, on the embedded database", { timeout: 240_000 }, () => killedAfterCommitThenRetried("embedded"));
});

describe("fault points in builds", () => {
  const serverBundleNames = (distDir: string, needle: string) => {
    try {
      return execFileSync("grep", ["-rl", needle, path.join(root, distDir, "server")], { encoding: "utf8" }).trim();
    } catch {
      return ""; // grep exits 1 when nothing matches
    }
  };
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  it.skipIf(distDir === FAULT_DIST_DIR || !existsSync(path.join(root, distDir, "BUILD_ID")))("are absent from a normal build", () => {
    expect(serverBundleNames(distDir, "INKBASE_FAULT_AT")).toBe("");
  });
  it.skipIf(!faultBuild)("are present in the fault build (so the check above can see one)", () => {
    expect(serverBundleNames(FAULT_DIST_DIR, "INKBASE_FAULT_AT")).not.toBe("");
  });
});
