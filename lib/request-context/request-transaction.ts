// A request's own database transaction (request-context.ts): begun on the request's first
// database use, joined by every database call the request makes while it is open, and ended once
// by the route wrapper, after the handler has answered: committed together with a last piece of
// work (the Idempotency-Key answer, lib/idempotency/run-idempotently.ts), or rolled back.
//
// - Begun lazily: a handler that streams an upload before writing holds no transaction meanwhile,
//   and one that never touches the database begins none (`commit` then says so).
// - A Prisma interactive transaction, so that Prisma calls and raw statements (lib/db-sql.ts
//   accepts a Prisma transaction as its SqlRunner) share it. Prisma's limits apply: 20 s to begin,
//   30 s in all (lib/db.ts); past them the request fails with a 500 and commits nothing.
// - The domain's own transactions (`db().$transaction`, `sqlTransaction`) become savepoints in it,
//   one at a time, so a domain function that catches its transaction's failure (a unique
//   violation it retries, a 409 it reports) finds the request's transaction as healthy as before,
//   exactly as it would have found the database without one.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Tx } from "../db-tx";
import { logger } from "../log/logger";

/** Runs `body` in a new transaction: commits when it returns, rolls back when it throws. */
export type BeginTransaction = (body: (tx: Tx) => Promise<void>) => Promise<void>;

/** The last work of a committing transaction; it throws to roll everything back instead. */
export type FinalWork = (tx: Tx) => Promise<void>;

class RolledBack extends Error {}

/** Set inside a savepoint's work: a transaction opened from there nests instead of queueing. */
const insideSavepoint = new AsyncLocalStorage<RequestTransaction>();

export class RequestTransaction {
  private state: "idle" | "open" | "over" = "idle";
  private tx: Promise<Tx> | undefined;
  private settled: Promise<void> = Promise.resolve();
  private decide: (final: FinalWork | RolledBack) => void = () => {};
  private queue: Promise<unknown> = Promise.resolve();
  private savepoints = 0;
  private committed: (() => void)[] = [];

  constructor(private readonly begin: BeginTransaction) {}

  /** Whether database calls should join it: until the wrapper commits or rolls it back. */
  get joinable(): boolean {
    return this.state !== "over";
  }

  /** The transaction's client, begun on the first call. */
  client(): Promise<Tx> {
    if (this.state === "over") return Promise.reject(new Error("The request's transaction is over"));
    if (!this.tx) {
      this.state = "open";
      const decision = new Promise<FinalWork | RolledBack>((resolve) => (this.decide = resolve));
      this.tx = new Promise<Tx>((resolve, reject) => {
        this.settled = this.begin(async (tx) => {
          resolve(tx);
          const final = await decision;
          if (final instanceof RolledBack) throw final;
          await final(tx);
        });
        // A transaction that could not begin fails its first caller; one that ends early (Prisma's
        // timeout) fails the statements sent after, and the commit.
        this.settled.catch(reject);
      });
    }
    return this.tx;
  }

  /** A domain transaction inside the request's: a savepoint, one at a time, nested when opened from inside one. */
  nested<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    if (insideSavepoint.getStore() === this) return this.savepoint(work);
    const turn = this.queue.then(() => this.savepoint(work));
    this.queue = turn.catch(() => {});
    return turn;
  }

  private async savepoint<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const tx = await this.client();
    const name = `inkbase_sp${++this.savepoints}`;
    await tx.$executeRawUnsafe(`SAVEPOINT ${name}`);
    let result: T;
    try {
      result = await insideSavepoint.run(this, () => work(tx));
    } catch (err) {
      await tx.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => {});
      throw err;
    }
    await tx.$executeRawUnsafe(`RELEASE SAVEPOINT ${name}`);
    return result;
  }

  /** Runs `fn` after the commit (request-context.ts `afterCommit`). */
  onCommit(fn: () => void): void {
    this.committed.push(fn);
  }

  /**
   * Runs `final` in the transaction and commits. False when the transaction never began (the
   * request made no database call while it was open): there is nothing to commit, and `final` has
   * not run. Throws when the commit failed, after rolling back: nothing the request wrote stays.
   */
  async commit(final: FinalWork): Promise<boolean> {
    const began = this.state === "open";
    this.state = "over";
    if (began) {
      this.decide(final);
      await this.settled;
    }
    for (const fn of this.committed.splice(0)) {
      try {
        fn();
      } catch (err) {
        logger().error({ err }, "work after a request's commit failed");
      }
    }
    return began;
  }

  /** Rolls back whatever the request wrote; its after-commit work never runs. */
  async rollback(): Promise<void> {
    const began = this.state === "open";
    this.state = "over";
    this.committed = [];
    if (!began) return;
    this.decide(new RolledBack());
    await this.settled.catch((err: unknown) => {
      if (!(err instanceof RolledBack)) logger().warn({ err }, "a request's transaction failed while rolling back");
    });
  }
}
