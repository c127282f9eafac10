// PORTABILITY "jobs that survive": an import is running in the server that accepted it when the
// server's whole process group is killed with SIGKILL. After a restart on the same data, the next
// read of the report resumes it (its claim has lapsed: the test moves the lease's end into the
// past instead of waiting the 60 s out), and the finished import has every post exactly once:
// nothing duplicated, nothing lost, one import.completed. On PostgreSQL and on the embedded database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { embeddedUrl } from "../../scripts/lib/embedded-server";
import { announcedEmbeddedPort, launch, type Launched } from "../support/launched-server";
import { zipOf } from "../support/portability";
import { freePort } from "../support/start-next-server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const POSTS = 400;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

type Report = { status: string; progress: { done: number; total: number }; created: number; updated: number; skipped: number; warnings: unknown[] };

async function report(server: Launched, id: string): Promise<Report> {
  const res = await fetch(`${server.url}/api/imports/${id}`, { headers: { Authorization: `Bearer ${server.demoKey}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as Report;
}

async function killMidImportAndResume(kind: "postgres" | "embedded") {
  const dataDir = mkdtempSync(path.join(tmpdir(), `inkbase-import-crash-${kind}-`));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  let database: TestDatabase | undefined;
  if (kind === "postgres") {
    database = await createTestDatabase("inkbase_import_crash", "postgres");
    cleanups.push(() => database!.drop());
  }
  const options = { databaseUrl: database?.url, dataDir, port: await freePort() };
  const running: Launched[] = [];
  cleanups.push(async () => {
    for (const server of running) await server.stop();
  });

  const first = await launch(options);
  running.push(first);
  const files: Record<string, string> = {};
  for (let i = 0; i < POSTS; i++) files[`post-${String(i).padStart(4, "0")}.md`] = `---\ntitle: Crash ${i}\ntags: [crash]\n---\n\nParagraph ${i} with **bold** text.\n`;
  const form = new FormData();
  form.set("file", new File([new Uint8Array(await zipOf(files))], "crash.zip"));
  form.set("source", "markdown");
  const started = await fetch(`${first.url}/api/imports`, { method: "POST", headers: { Authorization: `Bearer ${first.demoKey}` }, body: form });
  expect(started.status).toBe(202);
  const { id } = (await started.json()) as { id: string };

  // Kill once some batches have committed and before the end.
  let atKill: Report;
  for (;;) {
    atKill = await report(first, id);
    if (atKill.progress.done >= 60 || atKill.status !== "running") break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await first.kill9();
  expect(atKill.status).toBe("running");
  expect(atKill.progress.done).toBeLessThan(POSTS);

  const second = await launch(options);
  running.push(second);
  const url = database?.url ?? embeddedUrl(announcedEmbeddedPort(dataDir));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The dead server's lease would lapse within a minute; make it lapse now.
    await client.query(`UPDATE "ImportJob" SET "lockedUntil" = now() - interval '1 second' WHERE id = $1`, [id]);
    let final: Report;
    for (let polls = 0; ; polls++) {
      final = await report(second, id);
      if (final.status !== "running" || polls > 1200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(final).toMatchObject({ status: "succeeded", progress: { done: POSTS, total: POSTS }, created: POSTS, updated: 0, skipped: 0, warnings: [] });
    const { rows } = await client.query(`SELECT slug, count(*)::int AS n FROM "Post" p JOIN "User" u ON u.id = p."ownerId" WHERE u.username = 'demo' AND p.title LIKE 'Crash %' GROUP BY slug`);
    expect(rows).toHaveLength(POSTS);
    expect(rows.every((row) => row.n === 1)).toBe(true);
    const items = await client.query(`SELECT count(*)::int AS n FROM "ImportedItem" WHERE source = 'markdown' AND "sourceKey" LIKE 'post-%'`);
    expect(items.rows[0].n).toBe(POSTS);
    const events = await client.query(`SELECT count(*)::int AS n FROM "OutboxEvent" WHERE type = 'import.completed' AND body->'data'->>'id' = $1`, [id]);
    expect(events.rows[0].n).toBe(1);
  } finally {
    await client.end();
  }
}

describe("kill -9 mid-import, then restart on the same data", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)("resumes the import on PostgreSQL: nothing duplicated, nothing lost", { timeout: 240_000 }, () => killMidImportAndResume("postgres"));

  it("resumes the import on the embedded database (the launcher hosting PGlite is killed)", { timeout: 240_000 }, () => killMidImportAndResume("embedded"));
});
