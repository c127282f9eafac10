// The embedded database under concurrent connections: PGlite is one session, so the socket
// server must keep each connection's extended-protocol sequence (Parse/Bind/Execute … Sync)
// together. Mixed, a Bind meets another connection's statement and queries fail or answer wrong.
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startEmbeddedServer, type EmbeddedServer } from "../../scripts/lib/embedded-server";

let server: EmbeddedServer;
let pool: pg.Pool;
beforeAll(async () => {
  server = await startEmbeddedServer({ dataDir: "memory://" });
  pool = new pg.Pool({ connectionString: server.url, max: 10 });
});
afterAll(async () => {
  await pool?.end();
  await server?.close();
});

it("answers 300 concurrent parameterized queries from 10 connections, each with its own result", async () => {
  const results = await Promise.allSettled(
    Array.from({ length: 300 }, (_, i) =>
      i % 3 === 0
        ? pool.query("SELECT $1::int + $2::int AS v", [i, 1]).then((r) => [i, r.rows[0].v, i + 1])
        : i % 3 === 1
          ? pool.query("SELECT $1::text || '-' || $2::text || '-' || $3::text AS v", [i, "a", "b"]).then((r) => [i, r.rows[0].v, `${i}-a-b`])
          : pool.query("SELECT $1::int * 2 AS v", [i]).then((r) => [i, r.rows[0].v, i * 2]),
    ),
  );
  const failures = results.filter((r) => r.status === "rejected");
  expect(failures.map((f) => String((f as PromiseRejectedResult).reason))).toEqual([]);
  for (const result of results) {
    const [, actual, expected] = (result as PromiseFulfilledResult<unknown[]>).value;
    expect(actual).toBe(expected);
  }
});

it("keeps a transaction's statements to its own connection while others query", async () => {
  await pool.query("CREATE TABLE IF NOT EXISTS counter (id int PRIMARY KEY, n int)");
  await pool.query("INSERT INTO counter VALUES (1, 0) ON CONFLICT DO NOTHING");
  const increments = Array.from({ length: 20 }, async () => {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const { rows } = await client.query("SELECT n FROM counter WHERE id = $1 FOR UPDATE", [1]);
      await client.query("UPDATE counter SET n = $1 WHERE id = $2", [rows[0].n + 1, 1]);
      await client.query("COMMIT");
    } finally {
      client.release();
    }
  });
  const readers = Array.from({ length: 40 }, (_, i) => pool.query("SELECT $1::int AS v", [i]).then((r) => expect(r.rows[0].v).toBe(i)));
  await Promise.all([...increments, ...readers]);
  const { rows } = await pool.query("SELECT n FROM counter WHERE id = $1", [1]);
  expect(rows[0].n).toBe(20);
});
