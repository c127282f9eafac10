// The pg pool under the Prisma client (lib/db.ts), shaped for Vercel's Fluid compute, where one
// instance serves many requests at once and is suspended between them:
// - idle connections close after 5 s, so a quiet instance holds none (pg's default is 10 s);
// - `max` is small on Vercel (5; DATABASE_POOL_MAX): every instance may open that many, and the
//   platform scales instances out, so the database sees instances × max (docs/deploying.md);
//   elsewhere it stays pg's 10, the number the benches measure and the embedded server serves;
// - an `error` listener: a connection that dies while idle in the pool (a restart, a pooler or
//   pg_terminate_backend closing it) emits `error` on the pool, and an EventEmitter without a
//   listener throws it, which would end the process; the pool drops the client and opens a new
//   one for the next query;
// - on Vercel, attachDatabasePool keeps the instance alive until idle connections are closed,
//   instead of suspending it with sockets open that the database then holds until they time out.
import { attachDatabasePool } from "@vercel/functions/db-connections";
import pg from "pg";
import { env } from "./env";
import { logger } from "./log/logger";

export const POOL_IDLE_TIMEOUT_MS = 5_000;

export function createPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    connectionTimeoutMillis: 20_000,
    idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
    max: env.databasePoolMax,
  });
  pool.on("error", (err) => logger().warn({ err }, "an idle database connection failed; the pool opens a new one when needed"));
  if (env.onVercel) attachDatabasePool(pool);
  return pool;
}
