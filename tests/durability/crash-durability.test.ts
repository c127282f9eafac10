// Crash durability (issue 14 item 4): `npm start`'s launcher serves the production build, a storm
// of concurrent writes runs with an API key (post creates and PATCHes, entry creates and PATCHes,
// label moves), and the launcher's whole process group is killed with SIGKILL mid-way: on the
// embedded database that is the process hosting PGlite, so the database dies with the server.
// After a restart on the same data, every write the server acknowledged with a 2xx is there with
// its content and version, and every committed change (acknowledged, or in flight and committed)
// has exactly one outbox event, in order. On real PostgreSQL and on the embedded database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { embeddedUrl } from "../../scripts/lib/embedded-server";
import { announcedEmbeddedPort, launch, type Launched } from "../support/launched-server";
import { freePort } from "../support/start-next-server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { verifyLedger } from "../support/verify-ledger";
import { runWriteStorm, SCHEMA, type Ledger } from "../support/write-storm";

/** Acknowledged writes before the kill: enough for every kind of write to be caught in flight. */
const KILL_AFTER = 60;
const WORKERS = 6;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

async function crashAndRestart(kind: "postgres" | "embedded") {
  const dataDir = mkdtempSync(path.join(tmpdir(), `inkbase-crash-${kind}-`));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  let database: TestDatabase | undefined;
  if (kind === "postgres") {
    database = await createTestDatabase("inkbase_crash", "postgres");
    cleanups.push(() => database!.drop());
  }
  const options = { databaseUrl: database?.url, dataDir, port: await freePort() };
  const running: Launched[] = [];
  cleanups.push(async () => {
    for (const server of running) await server.stop();
  });

  const started = Date.now();
  const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);
  const first = await launch(options);
  const firstUp = seconds(started);
  const stormStarted = Date.now();
  running.push(first);
  const runId = Math.random().toString(36).slice(2, 8);
  const collectionId = `storm-${runId}`;
  const collection = await fetch(`${first.url}/api/collections`, {
    method: "POST",
    headers: { Authorization: `Bearer ${first.demoKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Storm", slug: collectionId, schema: SCHEMA }),
  });
  expect(collection.status).toBe(201);

  let killed: Promise<void> | undefined;
  let inFlightAtKill = 0;
  const ledger: Ledger = await runWriteStorm({
    baseUrl: first.url,
    key: first.demoKey,
    collectionId,
    workers: WORKERS,
    runId,
    onAck: (progress) => {
      if (progress.acknowledged < KILL_AFTER || killed) return;
      inFlightAtKill = progress.inFlight;
      killed = first.kill9();
    },
  });
  await killed;
  const storm = seconds(stormStarted);
  expect(ledger.unexpected).toEqual([]);
  // The kill landed mid-storm: requests were on the wire, not just between them.
  expect(inFlightAtKill).toBeGreaterThan(0);

  const restarted = Date.now();
  const second = await launch(options);
  running.push(second);
  const restart = seconds(restarted);
  expect(second.demoKey).toBe(first.demoKey);
  const url = database?.url ?? embeddedUrl(announcedEmbeddedPort(dataDir));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const verdict = await verifyLedger({ db: client, baseUrl: second.url, key: second.demoKey, username: "demo", collectionId, runId, ledger });
    console.log(
      `[crash:${kind}] ${ledger.acknowledged} writes acknowledged, kill -9 with ${inFlightAtKill} in flight, ` +
        `${verdict.unresolved} unanswered (${verdict.unresolvedCommitted} of them committed), ${verdict.events} outbox events checked, ` +
        `${verdict.problems.length} problems (first start ${firstUp} s, storm ${storm} s, restart ${restart} s)`,
    );
    expect(verdict.problems).toEqual([]);
  } finally {
    await client.end();
  }
}

describe("kill -9 mid-storm, then restart on the same data", () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)("loses no acknowledged write and no outbox event on PostgreSQL", { timeout: 180_000 }, () => crashAndRestart("postgres"));

  it("loses no acknowledged write and no outbox event on the embedded database (the launcher hosting PGlite is killed)", { timeout: 180_000 }, () =>
    crashAndRestart("embedded"));
});
