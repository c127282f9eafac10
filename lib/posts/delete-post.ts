// DELETE /api/posts/:id. Another owner's id is indistinguishable from a missing one (404). No
// event: SPEC has no post.deleted. Tags stay (they belong to the project), links to them go. Where
// a purge can happen (Vercel), the post's cache tags are read first (the row goes with the delete)
// and purged after the answer.
import { postCacheTags } from "../cache/post-cache-tags";
import { purgeAfterResponse, purgeAvailable } from "../cache/purge-after-response";
import { auditInsertSql } from "../audit/record-audit";
import { sql } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { notFound } from "../http/api-error";

export async function deletePost(options: { ownerId: string; id: string }): Promise<void> {
  const tags = purgeAvailable() ? await postCacheTags([options.id], { ownerId: options.ownerId }) : [];
  // The delete and its audit row in one statement: the row only when a post was deleted.
  const audit = auditInsertSql({ action: "post.deleted", target: { type: "post", id: options.id } }, Prisma.sql`EXISTS (SELECT 1 FROM gone)`);
  const [{ count }] = await sql().$queryRaw<{ count: number }[]>(Prisma.sql`
    WITH gone AS (DELETE FROM "Post" WHERE id = ${options.id} AND "ownerId" = ${options.ownerId} RETURNING id, title)
    ${audit ? Prisma.sql`, audit AS (${audit})` : Prisma.empty}
    SELECT count(*)::int AS count FROM gone`);
  if (count === 0) throw notFound("Post not found");
  purgeAfterResponse("post deleted", tags);
}
