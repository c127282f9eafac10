// The pool under the Prisma client, as Fluid compute needs it (lib/db-pool.ts): idle connections
// close after 5 s, `max` is 10 off Vercel and 5 on it, a connection the database kills while it
// sits idle in the pool is logged and replaced instead of crashing the process, and on Vercel
// attachDatabasePool hands the request context's waitUntil a promise that lasts until the idle
// connections are gone.
import pg from "pg";
import { afterEach, describe, expect, inject, it } from "vitest";
import { dbConnection } from "../../lib/db";
import { createPool, POOL_IDLE_TIMEOUT_MS } from "../../lib/db-pool";
import { connectTestDatabase } from "../support/fixtures";

connectTestDatabase();
const onPostgres = inject("databaseKind") === "postgres";

const pools: pg.Pool[] = [];
const pool = () => {
  const created = createPool(process.env.DATABASE_URL!);
  pools.push(created);
  return created;
};
const saved = { ...process.env };
afterEach(async () => {
  for (const name of ["VERCEL", "VERCEL_URL", "VERCEL_REGION", "DATABASE_POOL_MAX"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("@vercel/request-context")];
  await Promise.all(pools.splice(0).map((p) => (p.ended ? undefined : p.end())));
});

describe("the pool's settings", () => {
  it("closes idle connections after 5 s and opens at most 10 off Vercel; the Prisma client uses it", async () => {
    const p = pool();
    expect(p.options).toMatchObject({ idleTimeoutMillis: 5_000, max: 10 });
    expect(dbConnection().pool.options).toMatchObject({ idleTimeoutMillis: 5_000, max: 10 });
    await p.query("SELECT 1");
    expect(p.totalCount).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, POOL_IDLE_TIMEOUT_MS + 500));
    expect(p.totalCount).toBe(0);
  });

  it("opens at most 5 on Vercel, and DATABASE_POOL_MAX overrides either", () => {
    process.env.VERCEL = "1";
    expect(pool().options.max).toBe(5);
    process.env.DATABASE_POOL_MAX = "3";
    expect(pool().options.max).toBe(3);
  });
});

describe("an idle connection the database ends", () => {
  it.skipIf(!onPostgres)("is dropped from the pool with a warning, and the next query gets a new connection", async () => {
    const p = pool();
    const errors: Error[] = [];
    p.on("error", (err) => errors.push(err));
    const first = (await p.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0].pid;
    expect(p.idleCount).toBe(1);

    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query("SELECT pg_terminate_backend($1)", [first]);
    } finally {
      await admin.end();
    }
    // Without the pool's own listener this `error` would have no listener but ours: the test's
    // listener is added after createPool's, so the count proves the event reached the pool.
    const deadline = Date.now() + 5_000;
    while (errors.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(errors[0]?.message).toMatch(/terminat/i);
    expect(p.totalCount).toBe(0);

    const second = (await p.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0].pid;
    expect(second).not.toBe(first);
  });

  it.skipIf(!onPostgres)("does not end the process when nobody else listens (the pool's own listener catches it)", async () => {
    const p = pool();
    expect(p.listenerCount("error")).toBe(1);
    const pid = (await p.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0].pid;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query("SELECT pg_terminate_backend($1)", [pid]).finally(() => admin.end());
    const deadline = Date.now() + 5_000;
    while (p.totalCount > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    // Had the error been unhandled, vitest would have failed this file with an uncaught exception.
    expect(p.totalCount).toBe(0);
    expect((await p.query("SELECT 2 AS n")).rows[0].n).toBe(2);
  });
});

describe("on Vercel", () => {
  it("attachDatabasePool keeps the function alive (waitUntil) until the idle connections are closed", async () => {
    process.env.VERCEL = "1";
    process.env.VERCEL_URL = "inkbase-test.vercel.app";
    process.env.VERCEL_REGION = "iad1";
    const waited: Promise<unknown>[] = [];
    // What Vercel's runtime installs for each request; @vercel/functions reads it.
    (globalThis as Record<symbol, unknown>)[Symbol.for("@vercel/request-context")] = { get: () => ({ waitUntil: (promise: Promise<unknown>) => waited.push(promise) }) };
    const p = pool();
    expect(p.listenerCount("release")).toBe(1);
    const started = Date.now();
    await p.query("SELECT 1");
    expect(waited).toHaveLength(1);
    await waited[0];
    expect(Date.now() - started).toBeGreaterThanOrEqual(POOL_IDLE_TIMEOUT_MS);
    expect(p.totalCount).toBe(0);
  });
});
