// Raw statements on the Prisma client's own pg pool, for the paths where Prisma's per-statement
// work was most of the cost (issue 15): the API key lookup every keyed request makes, the public
// reads' keys and loads, and the entry writes that lock an entry (PATCH, label PUT and DELETE,
// entry DELETE). Measured on this machine (2026-11-23): an interactive transaction of three statements
// cost 0.82 ms of Node CPU through Prisma and 0.11 ms on pg directly; one statement 0.18 against
// 0.03 ms (Prisma serialises every parameter to JSON and back, and runs a transaction manager
// with its own timers). The statements are the same `Prisma.sql` fragments, sent with the same
// prepared-statement names on the same connections, and the domain functions on these paths take
// a `SqlRunner`, which a Prisma transaction satisfies as well: a caller that already holds a
// Prisma transaction passes it, and the work runs there.
import pg from "pg";
import { dbConnection } from "./db";
import { statementName } from "./db-statement-names";
import { Prisma } from "./generated/prisma/client";
import { joinableTransaction } from "./request-context/request-context";
import type { HeldTransaction } from "./request-context/request-transaction";
import type { SqlRunner } from "./sql-runner";

export type { SqlRunner } from "./sql-runner";

// Results read as Prisma's $queryRaw reads them, for the types these statements return:
// `timestamp(3)` columns hold UTC (Prisma's convention; pg alone would read them as local time)
// and `bigint` is a BigInt (pg alone gives a string). Everything else as pg reads it (jsonb
// parsed, arrays as arrays); numeric stays a string here where Prisma would give a Decimal.
const TIMESTAMP = 1114;
const INT8 = 20;
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: string) => {
    if (format !== "binary" && oid === TIMESTAMP) return (text: string) => new Date(`${text.replace(" ", "T")}Z`);
    if (format !== "binary" && oid === INT8) return (text: string) => BigInt(text);
    return pg.types.getTypeParser(oid, format as "text");
  }) as pg.CustomTypesConfig["getTypeParser"],
};

// Parameters written as Prisma writes them: a Date as its UTC instant (pg alone would send local
// time with an offset, which a `timestamp` column drops).
function toParameter(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(toParameter);
  return value;
}

function runnerOn(client: pg.Pool | pg.PoolClient, named: boolean, ahead?: Promise<unknown>): SqlRunner {
  // `ahead`: a statement already on the wire (a transaction's BEGIN) whose failure is the one to
  // report, before anything the work sent behind it.
  let pending = ahead;
  async function run(query: TemplateStringsArray | Prisma.Sql, values: unknown[]): Promise<pg.QueryResult> {
    const statement = query instanceof Prisma.Sql ? query : Prisma.sql(query, ...(values as Prisma.Sql["values"]));
    const result = client.query({
      name: named ? statementName(statement.text) : undefined,
      text: statement.text,
      values: statement.values.map(toParameter),
      types,
    });
    if (pending) {
      const before = pending;
      pending = undefined;
      result.catch(() => {}); // reported after `before`, or instead of it
      await before;
    }
    return result;
  }
  return {
    $queryRaw: <T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) =>
      run(query, values).then((result) => result.rows as T),
    $executeRaw: (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) =>
      run(query, values).then((result) => result.rowCount ?? 0),
  };
}

/**
 * Single statements outside a transaction, each on whichever connection the pool gives.
 * `planEachCall`: sent unnamed, so PostgreSQL plans the statement for the values of each call
 * instead of settling on a generic plan. For statements whose best plan depends on a value the
 * generic plan cannot see: the one- and two-character searches, which no trigram index serves
 * (lib/posts/search-post-ids.ts).
 */
export function sql(options: { planEachCall?: boolean } = {}): SqlRunner {
  // Inside a request with its own transaction (lib/request-context), its statements run there.
  const transaction = joinableTransaction();
  if (transaction) return transaction.sql(() => rootSql(options));
  return rootSql(options);
}

function rootSql(options: { planEachCall?: boolean }): SqlRunner {
  const { pool, namesStatements } = dbConnection();
  return runnerOn(pool, namesStatements && !options.planEachCall);
}

/**
 * A transaction's last statement, handed back by its work instead of run by it: `sqlTransaction`
 * writes it and COMMIT together, in one socket write, and reads both answers in one round trip
 * (a write used to wait for its last statement's answer before it sent COMMIT: one round trip of
 * every write, issue 27). `finish` turns the statement's rows into the work's result once
 * committed, so the transaction (this statement and the work's earlier ones) must have changed
 * nothing in every case where `finish` throws: a write that finds its target missing writes
 * nothing and reports it, behind locks and reads only. An error of the statement itself aborts
 * the transaction: PostgreSQL then answers the COMMIT behind it with a ROLLBACK.
 */
export class LastStatement<T> {
  constructor(
    readonly query: Prisma.Sql,
    readonly finish: (rows: never[]) => T,
  ) {}
}

/** `query` as the work's last statement (LastStatement); `finish` reads its rows. */
export function lastStatement<Row, T>(query: Prisma.Sql, finish: (rows: Row[]) => T): LastStatement<T> {
  return new LastStatement(query, finish as (rows: never[]) => T);
}

/**
 * The result of work that may end in a LastStatement, on a transaction the work does not own (a
 * caller's, or a Prisma one): the statement runs like any other, and the owner commits later.
 */
export async function runLastStatement<T>(tx: SqlRunner, result: T | LastStatement<T>): Promise<T> {
  if (!(result instanceof LastStatement)) return result;
  return result.finish(await tx.$queryRaw<never[]>(result.query));
}

/** pg's socket, for writing several queries in one write (cork, then uncork on the next tick). */
function corked(client: pg.PoolClient): () => void {
  const stream = (client as unknown as { connection?: { stream?: { cork?: () => void; uncork?: () => void } } }).connection?.stream;
  stream?.cork?.();
  return () => stream?.uncork?.();
}

/**
 * Runs `work` in a transaction on one connection: BEGIN, the work, COMMIT; ROLLBACK when the work
 * or the COMMIT throws. Nothing waits forever, as with the Prisma client's transactions (20 s to
 * start, 30 s to finish; lib/db.ts): a free connection is waited for at most 20 s (the pool's
 * connectionTimeoutMillis), and each statement, a wait on a row lock included, at most 30 s.
 * The work may end with a LastStatement, sent with the COMMIT.
 */
export async function sqlTransaction<T>(work: (tx: SqlRunner) => Promise<T | LastStatement<T>>): Promise<T> {
  // Inside a request with its own transaction (lib/request-context): a savepoint of it.
  const transaction = joinableTransaction();
  if (transaction) return transaction.nested(async (tx) => runLastStatement(tx, await work(tx)));
  const { pool, namesStatements } = dbConnection();
  const client = await pool.connect();
  // A connection that fails while checked out emits "error"; without a listener that would end
  // the process. The failed query rejects on its own, and the connection is discarded below.
  let broken: Error | undefined;
  const onError = (err: Error) => {
    broken = err;
  };
  client.on("error", onError);
  // pg's pipeline mode, while the connection is ours: a query is written at once instead of
  // after the previous one's answer, so BEGIN goes out with the work's first statement (one round
  // trip fewer; each costs the server a socket write and a wake-up). PostgreSQL runs them in
  // order all the same, and the work still waits for each answer before its next statement.
  // Corked until the next tick, BEGIN and a first statement sent at once (the work's usual
  // start) leave in one socket write.
  const pipelined = client as unknown as { pipeline: boolean };
  pipelined.pipeline = true;
  try {
    process.nextTick(corked(client));
    // A simple query may hold two statements.
    const begun = client.query("BEGIN; SET LOCAL statement_timeout = 30000");
    begun.catch(() => {}); // awaited below, or by the work's first statement
    const runner = runnerOn(client, namesStatements, begun);
    const result = await work(runner);
    await begun;
    if (!(result instanceof LastStatement)) {
      await client.query("COMMIT");
      return result;
    }
    const uncork = corked(client);
    const rows = runner.$queryRaw<never[]>(result.query);
    const commit = client.query("COMMIT");
    uncork();
    rows.catch(() => {}); // reported below, before the COMMIT's outcome
    commit.catch(() => {});
    const found = await rows;
    await commit;
    return result.finish(found);
  } catch (err) {
    // After a failed COMMIT there is no transaction left to roll back; the ROLLBACK is harmless
    // all the same (a warning), and it is what tells a connection that broke.
    await client.query("ROLLBACK").catch((rollbackError: Error) => {
      broken ??= rollbackError;
    });
    throw err;
  } finally {
    pipelined.pipeline = false;
    client.removeListener("error", onError);
    // Passing an error destroys the connection instead of returning it to the pool.
    client.release(broken);
  }
}

/** `work` in the caller's transaction when there is one, else in a new raw one. */
export async function inSqlTransaction<T>(tx: SqlRunner | undefined, work: (tx: SqlRunner) => Promise<T | LastStatement<T>>): Promise<T> {
  return tx ? runLastStatement(tx, await work(tx)) : sqlTransaction(work);
}

/**
 * A transaction held open across calls, for a request's own (lib/request-context): begun like
 * sqlTransaction's (BEGIN sent with the first statement), its savepoints sent ahead of their
 * first statement and released without waiting, and ended by `commit` with a last statement sent
 * together with the COMMIT, or by `rollback`. The same round trips as the domain's own
 * transactions had, one transaction instead of several.
 */
export async function holdTransaction(): Promise<HeldTransaction> {
  const { pool, namesStatements } = dbConnection();
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (err: Error) => {
    broken = err;
  };
  client.on("error", onError);
  const pipelined = client as unknown as { pipeline: boolean };
  pipelined.pipeline = true;
  process.nextTick(corked(client));
  const begun = client.query("BEGIN; SET LOCAL statement_timeout = 30000");
  begun.catch(() => {});
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    pipelined.pipeline = false;
    client.removeListener("error", onError);
    client.release(broken);
  };
  return {
    runner: runnerOn(client, namesStatements, begun),
    query: (config) => client.query(config),
    async savepoint<T>(name: string, work: (tx: SqlRunner) => Promise<T>): Promise<T> {
      const sent = client.query(`SAVEPOINT ${name}`);
      sent.catch(() => {});
      let result: T;
      try {
        result = await work(runnerOn(client, namesStatements, sent));
        await sent;
      } catch (err) {
        await client.query(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => {});
        throw err;
      }
      // Not waited for: the next statement queues behind it, and a failure aborts the transaction,
      // which the commit then reports.
      client.query(`RELEASE SAVEPOINT ${name}`).catch(() => {});
      return result;
    },
    async commit<Row>(last: Prisma.Sql): Promise<Row[]> {
      try {
        await begun;
        const uncork = corked(client);
        const rows = runnerOn(client, namesStatements).$queryRaw<Row[]>(last);
        const commit = client.query("COMMIT");
        uncork();
        rows.catch(() => {});
        commit.catch(() => {});
        const found = await rows;
        await commit;
        return found;
      } catch (err) {
        await client.query("ROLLBACK").catch((rollbackError: Error) => {
          broken ??= rollbackError;
        });
        throw err;
      } finally {
        release();
      }
    },
    async rollback(): Promise<void> {
      await client.query("ROLLBACK").catch((rollbackError: Error) => {
        broken ??= rollbackError;
      });
      release();
    },
  };
}
