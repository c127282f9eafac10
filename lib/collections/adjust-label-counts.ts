// A label's entry count (entries of a collection that carry the name) moves by `delta` where a
// label row is inserted (+1) or deleted (-1), in the same transaction; a move (PUT to another
// version) leaves it alone. Readers add the slots to CollectionLabelCount (./label-count-sql.ts),
// so `?label=` listings report an exact `total` without a count(*) (bench/collections); the cron
// tick folds them back (./fold-label-counts.ts).
//
// Not on the CollectionLabelCount row: an UPDATE there made every labelled create (or first
// publish, or entry delete) in a collection hold that one row lock through its COMMIT, so 50
// clients creating with `label: "production"` ran one at a time. As for the entry count
// (./adjust-entry-count.ts, which says why a pid and not a random slot), the delta goes to one of
// LABEL_COUNT_SLOTS rows per (collection, name), picked by the backend's pid: writers on different
// connections mostly touch different rows.
//
// Written inside the statement that inserts or deletes the label rows (a create, a label PUT or
// DELETE, an entry delete): this INSERT is a sub-statement of its WITH, so the count costs no
// round trip of its own.
//
// Lock order (find-collection.ts): the collection FOR KEY SHARE, the entry, these label count
// slots (in name order when there are several), then the entry count slot.
import { Prisma } from "../generated/prisma/client";

/** How many slot rows one label's count is spread over at most. */
export const LABEL_COUNT_SLOTS = 16;

/**
 * An INSERT adding `delta` to this connection's slot of each label name that `names` yields (a
 * SELECT with a `name` column, each name at most once: ON CONFLICT cannot touch a row twice), as
 * a sub-statement of the caller's WITH. Names in order, so transactions touching several labels'
 * slots lock them in the same order.
 */
export function adjustLabelCountsSql(collectionPk: string, names: Prisma.Sql, delta: 1 | -1): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "CollectionLabelCountSlot" ("collectionPk", name, slot, delta)
    SELECT ${collectionPk}::text, n.name, pg_backend_pid() % ${LABEL_COUNT_SLOTS}::int, ${delta}::int FROM (${names}) n ORDER BY n.name
    ON CONFLICT ("collectionPk", name, slot) DO UPDATE SET delta = "CollectionLabelCountSlot".delta + EXCLUDED.delta`;
}
