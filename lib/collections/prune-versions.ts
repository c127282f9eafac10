// Retention (SPEC Version): the 10 newest versions plus every version a label points at. Runs in
// the transaction of each write that creates a version, under the entry's row lock. Versions are
// numbered without gaps, so "not among the 10 newest" is "number <= newest - 10". The label
// foreign key (ON DELETE NO ACTION) would make the database refuse to drop a labelled version
// even if this query were wrong.
import type { SqlRunner } from "../db-sql";
import { Prisma } from "../generated/prisma/client";

export const RETAINED_VERSIONS = 10;

export async function pruneVersions(tx: SqlRunner, options: { entryId: string; newest: number }): Promise<number> {
  return tx.$executeRaw(pruneVersionsSql(options));
}

/** The DELETE alone, for writes that run it inside a larger statement. */
export function pruneVersionsSql(options: { entryId: string; newest: number }): Prisma.Sql {
  // Below the cutoff of 1 there is nothing to prune, and the statement finds nothing.
  const cutoff = options.newest - RETAINED_VERSIONS;
  return Prisma.sql`
    DELETE FROM "EntryVersion" v
    WHERE v."entryId" = ${options.entryId} AND v.version <= ${cutoff}
      AND NOT EXISTS (SELECT 1 FROM "EntryLabel" l WHERE l."entryId" = v."entryId" AND l.version = v.version)`;
}
