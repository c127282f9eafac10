// Idempotency-Key across instances and crashes (PLATFORM.md "Safe retries"): two production
// servers on one PostgreSQL share keys through the database (the same key sent to both at once
// takes effect once; written on one, replayed by the other), and a server killed between claiming
// a key and answering leaves a claim that blocks retries (409) until its lease runs out, then the
// next retry takes it over and the write happens exactly once. Skipped without PostgreSQL.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "../../lib/db";
import { createCollection } from "../../lib/collections/create-collection";
import { createTestKey, createTestUser, uniqueName } from "../support/fixtures";
import { startNextServer, type RunningServer } from "../support/start-next-server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { testServerEnv } from "../support/test-server-env";

let database: TestDatabase;
let env: Record<string, string | undefined>;
let a: RunningServer;
let b: RunningServer;

type Reply = { status: number; body: unknown; replayed: boolean };

async function call(server: RunningServer, key: string, method: string, path: string, body: unknown, idempotencyKey: string): Promise<Reply> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json(), replayed: res.headers.get("idempotent-replayed") === "true" };
}

/** Retries a 409 idempotency_key_in_use after its Retry-After, as a client would. */
async function settle(server: RunningServer, ...args: [string, string, string, unknown, string]): Promise<Reply> {
  for (;;) {
    const reply = await call(server, ...args);
    if (reply.status !== 409) return reply;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function proWriter() {
  const user = await createTestUser({ plan: "pro" });
  const key = await createTestKey(user.id, ["collections:read", "collections:write"]);
  const slug = uniqueName("c");
  await createCollection({ owner: { id: user.id, username: user.username }, input: { name: "Things", slug, schema: { fields: [{ name: "title", type: "string" }] } } });
  return { user, key, entries: `/api/collections/${slug}/entries` };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("Idempotency-Key on two instances and across a crash", () => {
  beforeAll(async () => {
    database = await createTestDatabase("inkbase_idempotency", "postgres");
    process.env.DATABASE_URL = database.url;
    env = { ...testServerEnv({ databaseUrl: database.url, cronSecret: "idempotency-secret" }), RATE_LIMIT_KEY_PER_MIN: "100000" };
    [a, b] = await Promise.all([startNextServer(env), startNextServer(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await disconnectDb();
    await database?.drop();
  });

  it("applies a write sent to both instances at once with the same key exactly once", async () => {
    const { key, entries } = await proWriter();
    const created = await call(a, key, "POST", entries, { data: { title: "Start" } }, uniqueName("k"));
    const entryId = (created.body as { id: string }).id;
    for (let round = 1; round <= 8; round++) {
      const idem = uniqueName("k");
      const body = { data: { title: `Edit ${round}` } };
      const [onA, onB] = await Promise.all([settle(a, key, "PATCH", `${entries}/${entryId}`, body, idem), settle(b, key, "PATCH", `${entries}/${entryId}`, body, idem)]);
      expect([onA.status, onB.status]).toEqual([200, 200]);
      expect(onA.body).toEqual(onB.body);
      expect([onA.replayed, onB.replayed].filter(Boolean)).toHaveLength(1);
      expect(onA.body).toMatchObject({ version: `v_${round + 1}` });
    }
    const entry = await db().entry.findUniqueOrThrow({ where: { id: entryId }, select: { version: true } });
    expect(entry.version).toBe(9);

    // Creates too: one entry per key, whichever instance answered.
    for (let round = 0; round < 4; round++) {
      const idem = uniqueName("k");
      const replies = await Promise.all([a, b, a, b].map((server) => settle(server, key, "POST", entries, { data: { title: `Once ${round}` } }, idem)));
      expect(new Set(replies.map((reply) => JSON.stringify(reply.body))).size).toBe(1);
    }
    expect(await db().entry.count({ where: { data: { path: ["title"], string_starts_with: "Once " } } })).toBe(4);
  });

  it("takes a claim left by a server killed mid-request over only after its lease, and writes once", { timeout: 60_000 }, async () => {
    const { key, entries } = await proWriter();
    const created = await call(a, key, "POST", entries, { data: { title: "Start" } }, uniqueName("k"));
    const entryId = (created.body as { id: string }).id;
    const path = `${entries}/${entryId}`;
    const body = { data: { title: "Written once" } };
    const idem = uniqueName("k");

    // Hold the entry's row lock, so the request on C claims the key and then waits.
    const blocker = new pg.Client({ connectionString: database.url });
    await blocker.connect();
    const c = await startNextServer(env);
    try {
      await blocker.query("BEGIN");
      await blocker.query(`SELECT id FROM "Entry" WHERE id = $1 FOR UPDATE`, [entryId]);
      const pending = call(c, key, "PATCH", path, body, idem).catch((err: unknown) => err);
      for (let i = 0; !(await db().idempotencyKey.count({ where: { key: idem } })); i++) {
        if (i > 100) throw new Error("the request on C never claimed its key");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      process.kill(c.pid, "SIGKILL");
      await c.exited();
      expect(await pending).toBeInstanceOf(Error);
    } finally {
      await blocker.query("ROLLBACK").catch(() => {});
      await blocker.end();
      await c.stop();
    }

    // The claim outlives its server; while its lease runs, a retry is told to wait.
    const claim = await db().idempotencyKey.findFirstOrThrow({ where: { key: idem } });
    expect(claim.status).toBeNull();
    expect(claim.lockedUntil.getTime()).toBeGreaterThan(Date.now());
    const waiting = await call(a, key, "PATCH", path, body, idem);
    expect(waiting.status).toBe(409);
    expect(waiting.body).toEqual({ error: "Request in progress", code: "idempotency_key_in_use" });
    // The killed request's transaction rolled back with its connection: nothing was written.
    expect((await db().entry.findUniqueOrThrow({ where: { id: entryId } })).version).toBe(1);

    // Its lease runs out (as 60 s without renewal would have it): the next retry runs, once.
    await db().idempotencyKey.updateMany({ where: { key: idem }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    const retried = await call(a, key, "PATCH", path, body, idem);
    expect(retried).toMatchObject({ status: 200, replayed: false, body: { version: "v_2" } });
    const replayed = await call(b, key, "PATCH", path, body, idem);
    expect(replayed).toMatchObject({ status: 200, replayed: true, body: { version: "v_2" } });
    expect((await db().entry.findUniqueOrThrow({ where: { id: entryId } })).version).toBe(2);
  });
});
