// `pageInfo.total` of a project's public list, as a scalar SQL expression. Without a tag filter
// the owner's share is the trigger-maintained PostPublicCount minus their posts that are not
// visible yet (scheduled: a short index range), so it costs the same at 100 posts as at 100,000;
// with a tag it counts the tagged posts. Co-authored posts are counted live (there are few).
import { Prisma } from "../generated/prisma/client";
import { coauthoredSql, coauthoredTagSql, ownTagSql, visibleSql, type VisibleFilter } from "./visible-post-sql";

export function visibleTotalSql(filter: VisibleFilter): Prisma.Sql {
  const own =
    filter.tag === undefined
      ? Prisma.sql`COALESCE((SELECT c.count FROM "PostPublicCount" c WHERE c."ownerId" = ${filter.owner}), 0)
          - (SELECT count(*) FROM "Post" p WHERE p."ownerId" = ${filter.owner} AND p.status = 'published'
             AND p.visibility = 'public' AND (p."publishedAt" > ${filter.now} OR p."publishedAt" IS NULL))`
      : Prisma.sql`(SELECT count(*) FROM "Post" p
          WHERE p."ownerId" = ${filter.owner} AND ${visibleSql(filter.now)} ${ownTagSql(filter)})`;
  return Prisma.sql`(${own} + (SELECT count(*) FROM "Post" p
    WHERE ${coauthoredSql(filter.owner)} AND ${visibleSql(filter.now)} ${coauthoredTagSql(filter)}))::int`;
}
