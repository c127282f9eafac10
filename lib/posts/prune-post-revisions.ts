// Post history's retention (HISTORY.md): the newest 50 revisions of a post, and every `publish`
// revision of the last 12 months (calendar months before the write's clock). Run by
// recordPostRevision in the write that adds a revision beyond the 50th, under the post's row lock.
import type { Tx } from "../db";

export const KEEP_NEWEST_REVISIONS = 50;
export const KEEP_PUBLISH_REVISIONS_MONTHS = 12;

/** Drops what retention no longer keeps: beyond the newest 50, all but recent `publish` revisions. */
export async function prunePostRevisions(tx: Tx, input: { postId: string; now: Date }): Promise<number> {
  const cutoff = new Date(input.now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - KEEP_PUBLISH_REVISIONS_MONTHS);
  return tx.$executeRaw`
    DELETE FROM "PostRevision"
    WHERE "postId" = ${input.postId}
      AND revision < (SELECT revision FROM "PostRevision" WHERE "postId" = ${input.postId}
                      ORDER BY revision DESC OFFSET ${KEEP_NEWEST_REVISIONS - 1}::int LIMIT 1)
      AND NOT (reason = 'publish' AND "createdAt" >= ${cutoff}::timestamp(3))`;
}
