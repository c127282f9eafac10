// A request's own database transaction (request-context.ts): begun on the request's first
// database use, joined by every database call the request makes while it is open, and ended once
// by the route wrapper, after the handler has answered: committed together with a last statement
// (the Idempotency-Key answer, lib/idempotency/run-idempotently.ts), or rolled back.
//
// - Begun lazily: a handler that streams an upload before writing holds no transaction meanwhile,
//   and one that never touches the database begins none (`commit` then says so).
// - One connection, one transaction (lib/db-sql.ts `holdTransaction`): raw statements (`sql()`)
//   run on it directly, as fast as the domain's own raw transactions. Prisma calls run in one
//   Prisma interactive transaction per request, begun on first use on a client whose connections
//   are this transaction's (lib/db.ts `joinerDb`): its BEGIN and COMMIT are no-ops there, so its
//   statements land in this transaction and Prisma keeps its own bookkeeping (and never batches
//   one request's queries with another's). Prisma's limits apply: 20 s to begin, 30 s in all.
// - The domain's own transactions (`db().$transaction`, `sqlTransaction`) run in it, one at a
//   time, without savepoints (a savepoint is a subtransaction: measurably slower on every keyed
//   write). One that fails marks the whole request failed: nothing it wrote is committed, even
//   when the domain code caught the failure and reported it (a unique violation → 409). The wrapper
//   then keeps only the answer (run-idempotently.ts). A write is one domain transaction (STYLE.md),
//   so for it this is exactly what its own transaction did.
import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";
import type { Prisma } from "../generated/prisma/client";
import type { Tx } from "../db-tx";
import type { SqlRunner } from "../sql-runner";
import { logger } from "../log/logger";

/** A transaction held on one connection (lib/db-sql.ts `holdTransaction`). */
export type HeldTransaction = {
  runner: SqlRunner;
  /** A query as pg takes it, for the Prisma client that joins (lib/db.ts). */
  query(config: pg.QueryConfig): Promise<pg.QueryResult>;
  savepoint<T>(name: string, work: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /** Runs `last` with the COMMIT, in one round trip; rolls back and throws when either fails. */
  commit<Row>(last: Prisma.Sql): Promise<Row[]>;
  rollback(): Promise<void>;
};

export type RequestTransactionDrivers = {
  hold: () => Promise<HeldTransaction>;
  /** Runs `body` in a Prisma interactive transaction of the joining client (lib/db.ts `joinerDb`). */
  beginPrisma: (body: (tx: Tx) => Promise<void>) => Promise<void>;
};

class RolledBack extends Error {}

/** Set inside a domain transaction's work: one opened from there runs at once instead of queueing. */
const insideSavepoint = new AsyncLocalStorage<RequestTransaction>();

type PrismaSide = { tx: Promise<Tx>; settled: Promise<void>; decide: (outcome: "commit" | RolledBack) => void };

export class RequestTransaction {
  private state: "idle" | "open" | "over" = "idle";
  private held: Promise<HeldTransaction> | undefined;
  private prismaSide: PrismaSide | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private failed = false;
  private committed: (() => void)[] = [];

  constructor(private readonly drivers: RequestTransactionDrivers) {}

  /** Whether database calls should join it: until the wrapper commits or rolls it back. */
  get joinable(): boolean {
    return this.state !== "over";
  }

  /** The held transaction, begun on the first call. */
  connection(): Promise<HeldTransaction> {
    if (this.state === "over") return Promise.reject(new Error("The request's transaction is over"));
    if (!this.held) {
      this.state = "open";
      this.held = this.drivers.hold();
    }
    return this.held;
  }

  /** A query for the joining Prisma client's connection (lib/db.ts). */
  query(config: pg.QueryConfig): Promise<pg.QueryResult> {
    return this.connection().then((held) => held.query(config));
  }

  /** Raw statements in it while it is open; on `fallback()` once it is over (work left running). */
  sql(fallback: () => SqlRunner): SqlRunner {
    const on = <T>(run: (runner: SqlRunner) => Promise<T>): Promise<T> =>
      this.joinable ? this.connection().then((held) => run(held.runner)) : run(fallback());
    return {
      $queryRaw: <T>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => on((runner) => runner.$queryRaw<T>(query, ...values)),
      $executeRaw: (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => on((runner) => runner.$executeRaw(query, ...values)),
    };
  }

  /** The request's Prisma transaction client, begun on the first call. */
  prisma(): Promise<Tx> {
    if (this.state === "over") return Promise.reject(new Error("The request's transaction is over"));
    if (!this.prismaSide) {
      let decide: PrismaSide["decide"] = () => {};
      const decision = new Promise<"commit" | RolledBack>((resolve) => (decide = resolve));
      let settled: Promise<void> = Promise.resolve();
      const tx = this.connection().then(
        (): Promise<Tx> =>
          new Promise<Tx>((resolve, reject) => {
            settled = this.drivers.beginPrisma(async (prismaTx) => {
              resolve(prismaTx);
              const outcome = await decision;
              if (outcome instanceof RolledBack) throw outcome;
            });
            side.settled = settled;
            settled.catch(reject);
          }),
      );
      const side: PrismaSide = { tx, settled, decide };
      this.prismaSide = side;
    }
    return this.prismaSide.tx;
  }

  /** A raw domain transaction inside the request's, one at a time (at once when opened from inside one). */
  nested<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T> {
    return this.inTurn(async () => {
      const held = await this.connection();
      return this.noting(() => work(held.runner));
    });
  }

  /** A Prisma domain transaction (`db().$transaction(fn)`) inside the request's. */
  nestedPrisma<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.inTurn(async () => {
      const tx = await this.prisma();
      return this.noting(() => work(tx));
    });
  }

  /** Runs a domain transaction's work; its failure fails the request's transaction. */
  private async noting<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await insideSavepoint.run(this, work);
    } catch (err) {
      this.failed = true;
      throw err;
    }
  }

  private inTurn<T>(run: () => Promise<T>): Promise<T> {
    if (insideSavepoint.getStore() === this) return run();
    const turn = this.queue.then(run);
    this.queue = turn.catch(() => {});
    return turn;
  }

  /** Runs `fn` after the commit (request-context.ts `afterCommit`). */
  onCommit(fn: () => void): void {
    this.committed.push(fn);
  }

  /**
   * Runs `last` with the COMMIT and gives its rows. `not-begun` when the transaction never began
   * (the request made no database call while it was open): nothing to commit, `last` not run.
   * `failed` when a domain transaction inside failed: everything rolled back, `last` not run.
   * Throws when anything else failed, after rolling back: nothing the request wrote stays.
   */
  async commit<Row>(last: Prisma.Sql): Promise<{ rows: Row[] } | "not-begun" | "failed"> {
    if (this.failed) {
      await this.rollback();
      return "failed";
    }
    const began = this.state === "open";
    this.state = "over";
    let outcome: { rows: Row[] } | "not-begun" = "not-begun";
    if (began) {
      const held = await this.held!;
      try {
        if (this.prismaSide) {
          // Prisma's own COMMIT is a no-op on this connection: this only closes its bookkeeping,
          // and reports a Prisma transaction that had already ended (its timeout).
          this.prismaSide.decide("commit");
          await this.prismaSide.settled;
        }
      } catch (err) {
        await held.rollback();
        throw err;
      }
      outcome = { rows: await held.commit<Row>(last) };
    }
    for (const fn of this.committed.splice(0)) {
      try {
        fn();
      } catch (err) {
        logger().error({ err }, "work after a request's commit failed");
      }
    }
    return outcome;
  }

  /** Rolls back whatever the request wrote; its after-commit work never runs. */
  async rollback(): Promise<void> {
    const began = this.state === "open";
    this.state = "over";
    this.committed = [];
    if (!began) return;
    if (this.prismaSide) {
      this.prismaSide.decide(new RolledBack());
      await this.prismaSide.settled.catch(() => {});
    }
    const held = await this.held!.catch(() => null);
    await held?.rollback();
  }
}
