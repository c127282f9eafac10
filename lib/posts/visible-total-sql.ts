// `pageInfo.total` of a project's public list, as a scalar SQL expression. Without a tag filter
// the owner's share is the trigger-maintained PostPublicCount minus their posts that are not
// visible yet (scheduled: a short index range), so it costs the same at 100 posts as at 100,000;
// with a tag it counts the tagged posts. Co-authored posts are counted live (there are few).
//
// The not-yet-visible posts are two counts, not one with `OR`, so that each is an index range in
// any plan. The list's keys statement is a named prepared statement, and PostgreSQL stops planning
// it on every request only once its generic plan (made without the parameters' values) is
// estimated no costlier than the plans made for the values. With the `OR`, only a plan made for
// the literal time could use the index (a BitmapOr): at 1,000 posts PostgreSQL kept re-planning
// (0.45 ms of the statement's 0.7 ms); with two ranges it keeps the generic plan (0.2 ms). At
// 100,000 posts it still re-plans, for estimates this text cannot change (a parameter LIMIT and
// `publishedAt > $now` are each guessed at a tenth or a third of the rows): bench/README.md,
// "Speed (issue 15)", says why writing the page bounds into the text was not done.
import { Prisma } from "../generated/prisma/client";
import { coauthoredSql, coauthoredTagSql, ownTagSql, visibleSql, type VisibleFilter } from "./visible-post-sql";

export function visibleTotalSql(filter: VisibleFilter): Prisma.Sql {
  const own =
    filter.tag === undefined
      ? Prisma.sql`COALESCE((SELECT c.count FROM "PostPublicCount" c WHERE c."ownerId" = ${filter.owner}), 0)
          - (SELECT count(*) FROM "Post" p WHERE p."ownerId" = ${filter.owner} AND p.status = 'published'
             AND p.visibility = 'public' AND p."publishedAt" > ${filter.now})
          - (SELECT count(*) FROM "Post" p WHERE p."ownerId" = ${filter.owner} AND p.status = 'published'
             AND p.visibility = 'public' AND p."publishedAt" IS NULL)`
      : Prisma.sql`(SELECT count(*) FROM "Post" p
          WHERE p."ownerId" = ${filter.owner} AND ${visibleSql(filter.now)} ${ownTagSql(filter)})`;
  return Prisma.sql`(${own} + (SELECT count(*) FROM "Post" p
    WHERE ${coauthoredSql(filter.owner)} AND ${visibleSql(filter.now)} ${coauthoredTagSql(filter)}))::int`;
}
