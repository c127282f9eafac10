// The project a public search runs in, and which way its statement should look words up
// (search-post-ids.ts, `wordsFirst`). Read in the statement that finds the project anyway: its
// count of visible posts (PostPublicCount, kept by triggers) against the planner's estimate of the
// whole Post table (pg_class.reltuples, -1 before the first ANALYZE).
import { sql } from "../db-sql";
import { publicNotFound } from "./public-http";

/**
 * A project holding at least this share of every post is searched words first: the trigram
 * indexes alone narrow the rows, then the project is checked on them. A smaller one intersects
 * its own rows (the owner index) with the trigram matches, so a word common in other projects
 * costs it nothing. Reading the owner index is what made the big project's search slow: 100,000
 * entries read for every search, 30 ms.
 */
const WORDS_FIRST_SHARE = 0.25;

export async function findSearchProject(username: string): Promise<{ id: string; wordsFirst: boolean }> {
  const [row] = await sql().$queryRaw<{ id: string; posts: number; table: number }[]>`
    SELECT u.id, COALESCE(c.count, 0)::float8 AS posts,
           (SELECT reltuples FROM pg_class WHERE oid = '"Post"'::regclass)::float8 AS "table"
    FROM "User" u LEFT JOIN "PostPublicCount" c ON c."ownerId" = u.id
    WHERE u.username = ${username}`;
  if (!row) throw publicNotFound("User not found");
  return { id: row.id, wordsFirst: row.posts >= WORDS_FIRST_SHARE * Math.max(row.table, row.posts) };
}
