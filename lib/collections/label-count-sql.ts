// A label's exact entry count as SQL: CollectionLabelCount.entryCount (0 when the label has no row
// yet) plus the deltas that label inserts and deletes left in its slots (./adjust-label-counts.ts)
// and the cron tick has not folded in yet (./fold-label-counts.ts). At most LABEL_COUNT_SLOTS + 1
// rows, read through their primary keys, so it costs the same at any collection size. Both parts
// are read in one statement, hence from one snapshot: a fold, which moves a sum from the slots to
// the row in one transaction, is never seen half done.
import { Prisma } from "../generated/prisma/client";

/**
 * A scalar sub-select: the count of entries in the collection that carry `name`. Either may be SQL
 * (a column of the surrounding query, a hidden value: lib/db-opaque.ts); the sub-selects' own
 * aliases (lc, ls) are the ones such SQL must not name.
 */
export function labelCountSql(collectionPk: string | Prisma.Sql, name: string | Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(
    coalesce((SELECT lc."entryCount" FROM "CollectionLabelCount" lc WHERE lc."collectionPk" = ${collectionPk} AND lc.name = ${name}), 0)
    + coalesce((SELECT sum(ls.delta) FROM "CollectionLabelCountSlot" ls WHERE ls."collectionPk" = ${collectionPk} AND ls.name = ${name}), 0))::int`;
}

/** A SELECT of the collection's label names with their exact counts (`name`, `n`), one row a name. */
export function labelCountsSql(collectionPk: string): Prisma.Sql {
  return Prisma.sql`
    SELECT name, sum(n)::int AS n FROM (
      SELECT name, "entryCount" AS n FROM "CollectionLabelCount" WHERE "collectionPk" = ${collectionPk}
      UNION ALL
      SELECT name, delta FROM "CollectionLabelCountSlot" WHERE "collectionPk" = ${collectionPk}) counts
    GROUP BY name`;
}
