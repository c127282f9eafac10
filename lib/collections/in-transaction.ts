import { db, type Tx } from "../db";

/** Runs `work` in the caller's transaction when there is one, else in a new one. */
export function inTransaction<T>(tx: Tx | undefined, work: (tx: Tx) => Promise<T>): Promise<T> {
  return tx ? work(tx) : db().$transaction((client) => work(client));
}
