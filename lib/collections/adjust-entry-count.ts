// A collection's entry count moves by `delta` (an entry create +1, a delete -1), as the last
// sub-statement of the write's statement (adjustEntryCountSql, a CTE).
//
// Not on the Collection row: an UPDATE there made every create in a collection hold that one row
// lock through its COMMIT (the WAL flush included), so concurrent creates ran one at a time (the
// bench's 50 connections creating in one collection: 46 of 48 active backends waiting on
// Lock:transactionid). The delta goes to one of SLOTS rows instead, picked by the backend's pid:
// a connection always writes its own slot, so writers on different connections mostly touch
// different rows, and two that share a slot queue only on each other. A pid rather than a random
// slot: the pool's connections have consecutive pids as a rule, so up to SLOTS of them never
// collide at all. The count stays exact: the slots are written in the same transaction as the
// entry, and readers add them to Collection.entryCount (./entry-count-sql.ts).
//
// Lock order (find-collection.ts): the collection FOR KEY SHARE, the entry, label count slots, then
// this slot. The INSERT's foreign-key check takes the collection FOR KEY SHARE, which the caller
// already holds.
import { Prisma } from "../generated/prisma/client";

/** How many slot rows a collection's count is spread over at most. */
export const ENTRY_COUNT_SLOTS = 16;

/**
 * The slot's upsert, as a CTE of the write's statement. `when`: a condition on that statement's
 * other CTEs (the write happened; a delete may find itself refused). `after`: CTEs (with
 * RETURNING) whose locks must come first, the label count slots: PostgreSQL runs the
 * sub-statements nothing reads last-listed first, so this one reads theirs to run after them.
 */
export function adjustEntryCountSql(collectionPk: string, delta: number, options: { when: Prisma.Sql; after?: string[] }): Prisma.Sql {
  const after = (options.after ?? []).map((cte) => Prisma.sql`(SELECT count(*) FROM ${Prisma.raw(`"${cte}"`)}) >= 0`);
  return Prisma.sql`
    INSERT INTO "CollectionEntryCountSlot" ("collectionPk", slot, delta)
    SELECT ${collectionPk}, pg_backend_pid() % ${ENTRY_COUNT_SLOTS}, ${delta} WHERE ${Prisma.join([options.when, ...after], " AND ")}
    ON CONFLICT ("collectionPk", slot) DO UPDATE SET delta = "CollectionEntryCountSlot".delta + EXCLUDED.delta`;
}
