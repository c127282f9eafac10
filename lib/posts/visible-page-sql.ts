// One page of a project's public list, as keys only: id, updatedAt, owner and the owner's
// updatedAt (for the `user` field), and the position in list order. Each branch (own posts, co-authored posts)
// runs down the (ownerId, status, visibility, publishedAt) index in order and stops after the
// page, so the cost does not grow with the project's size (only with the page number).
//
// The first page of the common page sizes has its bounds written into the statement text rather
// than passed as parameters. The statement is prepared, and a generic plan guesses a parameter
// LIMIT keeps a tenth of the rows: at 100,000 posts that priced it far above a plan made for the
// real LIMIT, so PostgreSQL planned it anew on every request (bench/README.md, "Speed"). Written
// in, the bound is known to the generic plan too. Only these few texts: each prepared statement
// of this shape holds about 330 KB per connection, so every page and size of its own would not do.
import { Prisma } from "../generated/prisma/client";
import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from "./public-read-queries";
import { coauthoredSql, coauthoredTagSql, ownTagSql, visibleSql, type ListSort, type VisibleFilter } from "./visible-post-sql";

/**
 * Page sizes whose first page is written into the text: the API's default and the blog pages (10),
 * the feeds (20, FEED_SIZE in lib/public-site/blog-feed.ts) and the API's largest page (50).
 */
export const INLINED_PAGE_SIZES: ReadonlySet<number> = new Set([DEFAULT_PER_PAGE, 20, MAX_PER_PAGE]);

export function visiblePageSql(filter: VisibleFilter & { sort: ListSort; skip: number; take: number; inlineBounds?: boolean }): Prisma.Sql {
  const direction = Prisma.raw(filter.sort === "publishedAt:asc" ? "ASC" : "DESC");
  const inline = (filter.inlineBounds ?? true) && filter.skip === 0 && INLINED_PAGE_SIZES.has(filter.take);
  const bound = (value: number) => (inline ? Prisma.raw(String(value)) : Prisma.sql`${value}`);
  const branchLimit = bound(filter.skip + filter.take);
  return Prisma.sql`
    SELECT k.id, k."updatedAt", k."ownerId", u."updatedAt" AS "ownerUpdatedAt",
      row_number() OVER (ORDER BY k."publishedAt" ${direction}, k.id ${direction}) AS position
    FROM (
      (SELECT p.id, p."updatedAt", p."ownerId", p."publishedAt" FROM "Post" p
       WHERE p."ownerId" = ${filter.owner} AND ${visibleSql(filter.now)} ${ownTagSql(filter)}
       ORDER BY p."publishedAt" ${direction}, p.id ${direction} LIMIT ${branchLimit})
      UNION ALL
      (SELECT p.id, p."updatedAt", p."ownerId", p."publishedAt" FROM "Post" p
       WHERE ${coauthoredSql(filter.owner)} AND ${visibleSql(filter.now)} ${coauthoredTagSql(filter)}
       ORDER BY p."publishedAt" ${direction}, p.id ${direction} LIMIT ${branchLimit})
    ) k JOIN "User" u ON u.id = k."ownerId"
    ORDER BY k."publishedAt" ${direction}, k.id ${direction}
    OFFSET ${bound(filter.skip)} LIMIT ${bound(filter.take)}`;
}
