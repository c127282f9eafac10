// The tags a change to these posts purges: each post's own, the blog of its owner and of each
// user co-author (a co-author's blog may list it, and every post page shows its authors), and the
// sitemap (which lists public posts). One statement; read before a delete (the rows go with it)
// and after a change of co-authors (old and new blogs both).
import { sql } from "../db-sql";
import { postTag, projectTag, SITEMAP_TAG } from "./cache-tags";

/** `ownerId`: only that owner's posts among `postIds` (a bulk action's ids may name others'). */
export async function postCacheTags(postIds: readonly string[], options: { ownerId?: string } = {}): Promise<string[]> {
  if (postIds.length === 0) return [];
  const rows = await sql().$queryRaw<{ postId: string; userId: string }[]>`
    WITH posts AS (SELECT id, "ownerId" FROM "Post" WHERE id = ANY(${[...postIds]}::text[]) AND (${options.ownerId ?? null}::text IS NULL OR "ownerId" = ${options.ownerId ?? null}::text))
    SELECT id AS "postId", "ownerId" AS "userId" FROM posts
    UNION
    SELECT c."postId", c."userId" FROM "PostCoauthor" c JOIN posts p ON p.id = c."postId" WHERE c."userId" IS NOT NULL`;
  if (rows.length === 0) return [];
  return [...new Set(rows.map((row) => postTag(row.postId))), ...new Set(rows.map((row) => projectTag(row.userId))), SITEMAP_TAG];
}
