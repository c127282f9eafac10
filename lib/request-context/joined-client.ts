// The Prisma client that db() (lib/db.ts) hands out while a request transaction is open
// (request-transaction.ts): the same calls, run in that transaction. Model calls and raw
// statements run on the request's Prisma transaction client (whose statements land in the
// request's transaction); `$transaction(fn)` runs `fn` in it (request-transaction.ts `nestedPrisma`);
// `$transaction([...])` awaits calls already sent into it. A call made once the transaction is
// over (work the request left running) goes to the root client, as it would outside a request.
import type { PrismaClient } from "../generated/prisma/client";
import type { Tx } from "../db-tx";
import type { RequestTransaction } from "./request-transaction";

const RAW = new Set<PropertyKey>(["$queryRaw", "$executeRaw", "$queryRawUnsafe", "$executeRawUnsafe"]);

type Callable = (...args: unknown[]) => unknown;

export function joinedClient(root: PrismaClient, transaction: RequestTransaction): PrismaClient {
  /** `run` on the transaction's client while it is open, else on the root client. */
  const on = (run: (client: Tx) => unknown): Promise<unknown> =>
    transaction.joinable ? transaction.prisma().then(run) : Promise.resolve().then(() => run(root));
  return new Proxy(root, {
    get(target, prop, receiver) {
      if (prop === "$transaction") {
        return (arg: unknown, options?: unknown) => {
          if (typeof arg !== "function") return Promise.all(arg as Promise<unknown>[]);
          const work = arg as (tx: Tx) => Promise<unknown>;
          return transaction.joinable ? transaction.nestedPrisma(work) : (root.$transaction as Callable)(work, options);
        };
      }
      if (RAW.has(prop)) return (...args: unknown[]) => on((client) => call(client, prop, args));
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof prop !== "string" || prop.startsWith("$") || prop.startsWith("_") || typeof value !== "object" || value === null) return value;
      // A model delegate (db().post): each of its methods, run on the transaction.
      return new Proxy(value, {
        get(delegate, method) {
          const original: unknown = Reflect.get(delegate, method);
          if (typeof original !== "function") return original;
          return (...args: unknown[]) => on((client) => call(Reflect.get(client, prop), method, args));
        },
      });
    },
  }) as PrismaClient;
}

/** `target[name](...args)`, with `target` as `this`. */
function call(target: object, name: PropertyKey, args: unknown[]): unknown {
  return Reflect.apply(Reflect.get(target, name) as Callable, target, args);
}
