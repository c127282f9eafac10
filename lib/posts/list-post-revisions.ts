// GET /api/posts/:id/revisions: the post's kept revisions, newest first, one page at a time. Reads
// only the revisions' heads (never their content), with the acting user's username joined in.
import { db } from "../db";
import { assertOwnedPost } from "./assert-owned-post";
import type { RevisionListItem } from "./revision-response";
import { toRevisionSummary, type RevisionHeadRow } from "./to-revision";

export async function listPostRevisions(options: { ownerId: string; postId: string; page: number; limit: number }): Promise<{
  data: RevisionListItem[];
  pageInfo: { total: number; page: number; limit: number; hasMore: boolean };
}> {
  const { ownerId, postId, page, limit } = options;
  const offset = (page - 1) * limit;
  const [, total, rows] = await Promise.all([
    assertOwnedPost({ ownerId, postId }),
    db().postRevision.count({ where: { postId, post: { ownerId } } }),
    db().$queryRaw<RevisionHeadRow[]>`
      SELECT r."postId", r.revision, r."createdAt", r.reason, r."restoredFrom", r."actorType", r."actorId", r."actorPrefix",
             u.username AS "actorUsername", r.title, r."wordCount", r.status::text AS status
      FROM "PostRevision" r
      JOIN "Post" p ON p.id = r."postId" AND p."ownerId" = ${ownerId}
      LEFT JOIN "User" u ON r."actorType" = 'user' AND u.id = r."actorId"
      WHERE r."postId" = ${postId}
      ORDER BY r.revision DESC
      LIMIT ${limit}::int OFFSET ${offset}::int`,
  ]);
  return { data: rows.map(toRevisionSummary), pageInfo: { total, page, limit, hasMore: offset + rows.length < total } };
}
