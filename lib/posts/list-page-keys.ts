// Everything the public list's ETag depends on, in one statement (one round trip, the whole 304
// path): the project resolved from its username with its display name, the page's keys, and the
// total when asked for. `projectId` is null for an unknown username.
import { sql } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { visiblePageSql } from "./visible-page-sql";
import type { ListSort } from "./visible-post-sql";
import { visibleTotalSql } from "./visible-total-sql";

export type ListPageKeys = {
  projectId: string | null;
  /**
   * The blog pages and feeds show the owner's name (even on an empty page) and put it in their
   * ETag, so they need no second query; the API list does not use it.
   */
  projectDisplayName: string | null;
  total: number | null;
  /** [id, updatedAt, ownerUpdatedAt] per post, in list order. */
  keys: [string, string, string][];
};

type ListPageKeysQuery = { username: string; now: Date; sort: ListSort; skip: number; take: number; tag?: string; withTotal: boolean };

/**
 * The statement. `inlineBounds` and `capped` (both on unless turned off) are the two things that
 * keep its generic plan at scale (visible-page-sql.ts, visible-total-sql.ts); the plan test
 * (tests/db/public-list-plans.test.ts) turns them off to check the answers do not change.
 */
export function listPageKeysSql(options: ListPageKeysQuery & { inlineBounds?: boolean; capped?: boolean }): Prisma.Sql {
  const owner = Prisma.sql`(SELECT id FROM owner)`;
  const filter = { owner, now: options.now, tag: options.tag };
  const page = visiblePageSql({ ...filter, sort: options.sort, skip: options.skip, take: options.take, inlineBounds: options.inlineBounds });
  return Prisma.sql`
    WITH owner AS MATERIALIZED (SELECT id, "displayName" FROM "User" WHERE username = ${options.username}),
    page AS (${page})
    SELECT (SELECT id FROM owner) AS "projectId", (SELECT "displayName" FROM owner) AS "projectDisplayName",
      ${options.withTotal ? visibleTotalSql(filter, { capped: options.capped ?? true }) : Prisma.sql`NULL::int`} AS total,
      COALESCE((SELECT json_agg(json_build_array(page.id, page."updatedAt", page."ownerUpdatedAt") ORDER BY page.position) FROM page), '[]') AS keys`;
}

export async function listPageKeys(options: ListPageKeysQuery): Promise<ListPageKeys> {
  const [row] = await sql().$queryRaw<ListPageKeys[]>(listPageKeysSql(options));
  if (options.withTotal && row.projectId !== null && row.total === null) {
    // More not-yet-visible posts than the capped counts read (visible-total-sql.ts): count exactly.
    const filter = { owner: row.projectId, now: options.now, tag: options.tag };
    const [exact] = await sql().$queryRaw<{ total: number }[]>`SELECT ${visibleTotalSql(filter)} AS total`;
    return { ...row, total: exact.total };
  }
  return row;
}
