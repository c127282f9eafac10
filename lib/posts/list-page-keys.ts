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

export async function listPageKeys(options: {
  username: string;
  now: Date;
  sort: ListSort;
  skip: number;
  take: number;
  tag?: string;
  withTotal: boolean;
}): Promise<ListPageKeys> {
  const owner = Prisma.sql`(SELECT id FROM owner)`;
  const filter = { owner, now: options.now, tag: options.tag };
  const page = visiblePageSql({ ...filter, sort: options.sort, skip: options.skip, take: options.take });
  const [row] = await sql().$queryRaw<ListPageKeys[]>`
    WITH owner AS MATERIALIZED (SELECT id, "displayName" FROM "User" WHERE username = ${options.username}),
    page AS (${page})
    SELECT (SELECT id FROM owner) AS "projectId", (SELECT "displayName" FROM owner) AS "projectDisplayName",
      ${options.withTotal ? visibleTotalSql(filter) : Prisma.sql`NULL::int`} AS total,
      COALESCE((SELECT json_agg(json_build_array(page.id, page."updatedAt", page."ownerUpdatedAt") ORDER BY page.position) FROM page), '[]') AS keys`;
  return row;
}
