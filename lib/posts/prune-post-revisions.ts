// Post history's retention (HISTORY.md): the newest 50 revisions of a post, and every `publish`
// revision of the last 12 months (calendar months before the write's clock). Part of the
// statement that adds a revision (lib/posts/record-post-revision.ts), under the post's row lock,
// so only the write that crosses the bound prunes.
import { Prisma } from "../generated/prisma/client";

export const KEEP_NEWEST_REVISIONS = 50;
export const KEEP_PUBLISH_REVISIONS_MONTHS = 12;

/**
 * The DELETE of what retention no longer keeps, for a statement that adds one revision the DELETE
 * cannot see yet (sub-statements share one snapshot): the older revisions beyond the newest 49 it
 * sees go, but recent `publish` revisions. `when`: the condition that the revision is added.
 */
export function prunePostRevisionsSql(input: { postId: string; now: Date; when: Prisma.Sql }): Prisma.Sql {
  const cutoff = new Date(input.now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - KEEP_PUBLISH_REVISIONS_MONTHS);
  return Prisma.sql`
    DELETE FROM "PostRevision"
    WHERE "postId" = ${input.postId} AND ${input.when}
      AND revision < (SELECT revision FROM "PostRevision" WHERE "postId" = ${input.postId}
                      ORDER BY revision DESC OFFSET ${KEEP_NEWEST_REVISIONS - 2}::int LIMIT 1)
      AND NOT (reason = 'publish' AND "createdAt" >= ${cutoff}::timestamp(3))`;
}
