// `pageInfo.total` of a project's public list, as a scalar SQL expression. Without a tag filter
// the owner's share is the trigger-maintained PostPublicCount minus their posts that are not
// visible yet (scheduled, or published without a date: short index ranges), so it costs the same
// at 100 posts as at 100,000; with a tag it counts the tagged posts. Co-authored posts are counted
// live (there are few).
//
// The list's keys statement is a named prepared statement, and PostgreSQL stops planning it on
// every request only once its generic plan (made without the parameters' values) is estimated no
// costlier than the plans made for the values. Two things here keep that estimate honest:
// - The not-yet-visible posts are two counts, not one with `OR`, so that each is an index range in
//   any plan (with the `OR`, only a plan for the literal time could use the index).
// - Each count stops at `cap` rows (`capped`). A generic plan guesses `publishedAt > $now` keeps a
//   third of a project's posts, which at 100,000 posts priced the count far above the plan made for
//   the real time (no rows), and PostgreSQL planned the statement anew on every request (0.8 ms of
//   database CPU per list 304). Capped, the guess costs at most `cap` index entries. A count that
//   reaches the cap makes the total NULL, and the caller counts exactly in a second statement
//   (lib/posts/list-page-keys.ts): a project with that many scheduled posts is rare.
import { Prisma } from "../generated/prisma/client";
import { coauthoredSql, coauthoredTagSql, ownTagSql, visibleSql, type VisibleFilter } from "./visible-post-sql";

/** Not-yet-visible posts counted before a total gives up and is counted exactly. */
export const HIDDEN_COUNT_CAP = 100;

export function visibleTotalSql(filter: VisibleFilter, options: { capped?: boolean } = {}): Prisma.Sql {
  const owned = Prisma.sql`p."ownerId" = ${filter.owner} AND p.status = 'published' AND p.visibility = 'public'`;
  const hidden = (condition: Prisma.Sql) =>
    options.capped
      ? Prisma.sql`(SELECT count(*) FROM (SELECT 1 FROM "Post" p WHERE ${owned} AND ${condition} LIMIT ${Prisma.raw(String(HIDDEN_COUNT_CAP))}) h)`
      : Prisma.sql`(SELECT count(*) FROM "Post" p WHERE ${owned} AND ${condition})`;
  const scheduled = hidden(Prisma.sql`p."publishedAt" > ${filter.now}`);
  const undated = hidden(Prisma.sql`p."publishedAt" IS NULL`);
  const published = Prisma.sql`COALESCE((SELECT c.count FROM "PostPublicCount" c WHERE c."ownerId" = ${filter.owner}), 0)`;
  const own =
    filter.tag !== undefined
      ? Prisma.sql`(SELECT count(*) FROM "Post" p
          WHERE p."ownerId" = ${filter.owner} AND ${visibleSql(filter.now)} ${ownTagSql(filter)})`
      : options.capped
        ? Prisma.sql`(SELECT CASE WHEN hidden.scheduled >= ${Prisma.raw(String(HIDDEN_COUNT_CAP))} OR hidden.undated >= ${Prisma.raw(String(HIDDEN_COUNT_CAP))}
              THEN NULL ELSE ${published} - hidden.scheduled - hidden.undated END
            FROM (SELECT ${scheduled} AS scheduled, ${undated} AS undated) hidden)`
        : Prisma.sql`${published} - ${scheduled} - ${undated}`;
  return Prisma.sql`(${own} + (SELECT count(*) FROM "Post" p
    WHERE ${coauthoredSql(filter.owner)} AND ${visibleSql(filter.now)} ${coauthoredTagSql(filter)}))::int`;
}
