// The tags a change to a user's public name purges: their blog, the blogs of the owners of the
// posts they co-author (those pages show the name), and the blogs of their posts' user co-authors
// (which may list those posts, with the name). One statement.
import { sql } from "../db-sql";
import { projectTag } from "./cache-tags";

export async function userCacheTags(userId: string): Promise<string[]> {
  const rows = await sql().$queryRaw<{ userId: string }[]>`
    SELECT p."ownerId" AS "userId" FROM "PostCoauthor" c JOIN "Post" p ON p.id = c."postId" WHERE c."userId" = ${userId}
    UNION
    SELECT c."userId" FROM "PostCoauthor" c JOIN "Post" p ON p.id = c."postId" WHERE p."ownerId" = ${userId} AND c."userId" IS NOT NULL`;
  return [projectTag(userId), ...rows.map((row) => projectTag(row.userId))];
}
