// The one Prisma client. Both the embedded database (PGlite behind a Postgres wire-protocol
// socket, started by scripts/start.ts) and a real PostgreSQL are reached the same way: through
// @prisma/adapter-pg with DATABASE_URL, so there is a single code path.
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/prisma/client";
import { createPool } from "./db-pool";
import { statementName } from "./db-statement-names";
import { env } from "./env";
import { joinedClient } from "./request-context/joined-client";
import { joinableTransaction } from "./request-context/request-context";

export type { Tx } from "./db-tx";

/** The client's pool, shared with lib/db-sql.ts, and whether statements on it get names. */
export type DbConnection = { pool: pg.Pool; namesStatements: boolean };

const globalForDb = globalThis as unknown as { inkbaseDb?: PrismaClient; inkbaseConnection?: DbConnection; inkbaseJoinerDb?: PrismaClient };

/**
 * Whether statements get names (prepared once per connection). The embedded database serves
 * every connection from one PGlite session, where a statement prepared by one connection would
 * collide with the same name prepared by the next. Its URL says so
 * (scripts/lib/embedded-server.ts), whichever process connects.
 */
function namesStatements(connectionString: string): boolean {
  return env.preparedStatements && !env.embeddedDatabase && !connectionString.includes("application_name=inkbase-embedded");
}

function createDb(connection: DbConnection, disposePool = true): PrismaClient {
  return new PrismaClient({
    adapter: new PrismaPg(connection.pool, {
      // The adapter passes the name straight to pg, where undefined means an unnamed statement.
      ...(connection.namesStatements ? { statementNameGenerator: ({ sql }) => statementName(sql) as string } : {}),
      // The pool is still this client's alone: $disconnect ends it.
      disposeExternalPool: disposePool,
    }),
    // Writes may queue for seconds: the embedded database runs one transaction at a time across
    // all connections, and on any database a burst of writes to one entry queues on its row lock
    // (versions are numbered under it). Prisma's defaults (2 s to start, 5 s to finish) would
    // fail such writes instead of letting them wait their turn.
    transactionOptions: { maxWait: 20_000, timeout: 30_000 },
  });
}

/**
 * The client to use. Inside a request that has its own transaction (lib/request-context: a write
 * sent with an Idempotency-Key), a client that runs everything in that transaction, its
 * `$transaction` as a savepoint; otherwise the one client itself.
 */
export function db(): PrismaClient {
  const transaction = joinableTransaction();
  return transaction ? joinedClient(rootDb(), transaction) : rootDb();
}

/**
 * The one client itself, never a request's transaction (that transaction is begun on it).
 * Created on first use, not at import: `next build` imports route modules without a database,
 * and a missing DATABASE_URL must fail loudly rather than let `pg` fall back to its defaults.
 */
export function rootDb(): PrismaClient {
  if (globalForDb.inkbaseDb) return globalForDb.inkbaseDb;
  const url = env.databaseUrl;
  if (!url) {
    throw new Error(
      "DATABASE_URL is not set. Start Inkbase with `npm start`, which starts the embedded database, or set DATABASE_URL.",
    );
  }
  // The pool is created here so that lib/db-sql.ts can run raw statements on the same
  // connections (and the same prepared statements) as the client.
  const connection: DbConnection = {
    pool: createPool(url),
    namesStatements: namesStatements(url),
  };
  globalForDb.inkbaseConnection = connection;
  globalForDb.inkbaseDb = createDb(connection);
  return globalForDb.inkbaseDb;
}

/**
 * The client whose statements run in the current request's transaction (lib/request-context): a
 * Prisma interactive transaction on it is how a request's Prisma calls join that transaction
 * (request-transaction.ts `prisma()`). Its "pool" hands out the request's one connection, where
 * Prisma's BEGIN and COMMIT (and ROLLBACK: the request's transaction decides) do nothing. Used
 * only inside a request transaction; outside one it is the root pool.
 */
export function joinerDb(): PrismaClient {
  if (globalForDb.inkbaseJoinerDb) return globalForDb.inkbaseJoinerDb;
  const root = dbConnection();
  globalForDb.inkbaseJoinerDb = createDb({ pool: requestConnectionPool(root.pool), namesStatements: root.namesStatements }, false);
  return globalForDb.inkbaseJoinerDb;
}

const TRANSACTION_CONTROL = new Set(["BEGIN", "COMMIT", "ROLLBACK"]);

/** What @prisma/adapter-pg takes for a pool (it must be a pg.Pool): the request's connection. */
function requestConnectionPool(root: pg.Pool): pg.Pool {
  const pool = new pg.Pool({ max: 1 }); // never connects itself
  const connect = () => {
    const transaction = joinableTransaction();
    if (!transaction) return root.connect();
    const connection = {
      query: (config: pg.QueryConfig) =>
        TRANSACTION_CONTROL.has(config.text) ? Promise.resolve({ command: config.text, rowCount: 0, rows: [], fields: [], oid: 0 }) : transaction.query(config),
      release: () => {},
      on: () => connection,
      removeListener: () => connection,
    };
    return Promise.resolve(connection);
  };
  const query = (config: pg.QueryConfig) => {
    const transaction = joinableTransaction();
    return transaction ? transaction.query(config) : root.query(config);
  };
  return Object.assign(pool, { connect, query }) as unknown as pg.Pool;
}

/** The client's pool and statement naming, for lib/db-sql.ts. */
export function dbConnection(): DbConnection {
  rootDb();
  return globalForDb.inkbaseConnection!;
}

/** For scripts and tests that are done with the database. */
export async function disconnectDb(): Promise<void> {
  const client = globalForDb.inkbaseDb;
  const joiner = globalForDb.inkbaseJoinerDb;
  globalForDb.inkbaseDb = undefined;
  globalForDb.inkbaseJoinerDb = undefined;
  await joiner?.$disconnect();
  globalForDb.inkbaseConnection = undefined;
  await client?.$disconnect();
}
