import { db, type Tx } from "../db";

// Entry writes queue on a row lock (versions are numbered under it), so a burst on one entry
// waits longer than Prisma's defaults (2 s for a connection, 5 s in all) would allow.
const OPTIONS = { maxWait: 20_000, timeout: 30_000 };

/** Runs `work` in the caller's transaction when there is one, else in a new one. */
export function inTransaction<T>(tx: Tx | undefined, work: (tx: Tx) => Promise<T>): Promise<T> {
  return tx ? work(tx) : db().$transaction((client) => work(client), OPTIONS);
}
