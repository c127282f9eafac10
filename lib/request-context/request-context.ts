// What the code serving one API request may ask about it, wherever it runs: its id, the client's
// IP, the principal, and the request's own database transaction when it has one. The route
// wrapper (lib/http/api.ts) opens the context once the caller is known; everything the handler
// calls, however deep, reads it with `currentRequest()` instead of having it passed along.
// AsyncLocalStorage carries it through every await, timer and callback started inside, so
// concurrent requests never see each other's.
//
// The transaction (request-transaction.ts) is set only for a write sent with an Idempotency-Key:
// the write's effect and its stored answer then commit together (lib/idempotency). The database
// helpers (lib/db.ts `db()`, lib/db-sql.ts `sql()`, `sqlTransaction()`) join it while it is
// open, so domain code needs no change; work that must only follow the commit (mail sends, cache
// purges, webhook attempts) goes through `afterCommit`.
//
// Meant to carry more per-request facts later (an audit log's actor and origin): add fields here,
// set them in the wrapper, read them with `currentRequest()`. Outside a request (scripts, the cron
// tick's own work, tests calling lib directly) there is no context and everything behaves as if
// there were no transaction.
import { AsyncLocalStorage } from "node:async_hooks";
import type { Principal } from "../auth/principal";
import type { RequestTransaction } from "./request-transaction";

export type RequestContext = {
  /** X-Request-Id of the request (lib/http/request-id.ts). */
  readonly requestId: string;
  /** The client's address as the rate limits see it (lib/http/client-ip.ts). */
  readonly ip: string;
  /** The authenticated caller, or null on a public route. */
  readonly principal: Principal | null;
  /** The request's own transaction, which the database helpers join while it is open; else null. */
  readonly transaction: RequestTransaction | null;
};

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` with `context` as the current request's (nested: the inner one wins inside `fn`). */
export function runInRequestContext<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The current request's context, or undefined outside a request. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore();
}

/** The request transaction the database helpers should join now: the current one, while open. */
export function joinableTransaction(): RequestTransaction | null {
  const transaction = storage.getStore()?.transaction;
  return transaction?.joinable ? transaction : null;
}

/**
 * Runs `fn` once the current request's transaction has committed, and never if it rolls back;
 * at once when there is no open request transaction (the caller's own transaction has committed
 * already). For side effects that must not get ahead of the change they announce. `fn` runs
 * outside the transaction (it is over), so its database work uses connections of its own.
 */
export function afterCommit(fn: () => void): void {
  const transaction = joinableTransaction();
  if (transaction) transaction.onCommit(fn);
  else fn();
}
