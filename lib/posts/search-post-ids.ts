// The ids of a project's visible posts whose title or excerpt contains `q` (case-insensitive
// substring, SPEC "Search"), newest first, at most `limit`. One statement in two parts, because
// the best plan depends on how common the words are:
// - A common word is found among the newest posts: the newest `window` posts are read in order
//   (the (ownerId, status, visibility, publishedAt) index) and filtered. If they hold `limit`
//   matches, those are the answer: any other match is older than all of them.
// - Otherwise every match is collected through the trigram indexes on title and excerpt
//   (migration search_trigram_indexes), then sorted. Left to itself, PostgreSQL
//   would often walk the whole project in publishedAt order hoping to meet `limit` matches soon:
//   0.2-0.3 s at 100,000 posts for a word only old posts contain, against a few ms through the
//   index.
//   A project that is most of the table (`wordsFirst`) takes the trigram matches alone and checks
//   the project on them; a smaller one intersects them with its own rows from the owner index.
// The pattern reaches the trigram conditions as a sub-select (`searchPattern`): PostgreSQL then
// estimates them without the word (as a selective match) and takes the index. Shown the word, it
// estimates from the column's statistics, which are every project's: a word common in other
// projects but rare in this one made it scan the table (tests/db/search-indexes.test.ts). Common
// words never get that far (the first part answers them), and the statement text is the same for
// every word, so it stays a prepared statement.
// A query shorter than three characters has no trigram to look up (pg_trgm reads three at a
// time): it walks the newest posts until it has `limit` matches, planned for its pattern.
import { opaque } from "../db-opaque";
import { sql } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { visibleSql } from "./visible-post-sql";

/** `q` as an ILIKE pattern that matches it as a plain substring: its own wildcards escaped. */
export function substringPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * `q`'s pattern for a trigram-indexed ILIKE: a sub-select, so the planner does not estimate the
 * match from the column's statistics (see above). Null when `q` is too short for trigrams.
 */
export function searchPattern(q: string): Prisma.Sql | null {
  return q.length >= 3 ? opaque(substringPattern(q), "text") : null;
}

export type SearchOptions = {
  ownerId: string;
  q: string;
  now: Date;
  limit: number;
  /**
   * The project is a large share of all posts (find-search-project.ts): look the words up in the
   * trigram indexes alone and check the project on the rows found, instead of intersecting them
   * with the project's rows from the owner index.
   */
  wordsFirst?: boolean;
};

export function searchPostIdsSql(options: SearchOptions & { window: number }): Prisma.Sql {
  const visible = Prisma.sql`p."ownerId" = ${options.ownerId} AND ${visibleSql(options.now)}`;
  const pattern = searchPattern(options.q);
  if (!pattern) {
    const literal = substringPattern(options.q);
    return Prisma.sql`SELECT p.id FROM "Post" p WHERE ${visible} AND (p.title ILIKE ${literal} OR p.excerpt ILIKE ${literal})
      ORDER BY p."publishedAt" DESC, p.id DESC LIMIT ${options.limit}`;
  }
  // One plan for every call, kept as the prepared statement's generic plan: every value the
  // planner could estimate from is hidden (lib/db-opaque.ts: owner, now, pattern, the window) or
  // written into the text (the limit, a constant of this file). Shown the owner and the clock, it
  // planned every search anew: 0.5-0.7 ms of planning per search at 100,000 posts, half the cost
  // of running it. Shown the window (200), it sorted a small project whole instead of walking its
  // index in order.
  // `wordsFirst` is in the text too, so each way is a statement of its own. Its `IS TRUE` changes
  // no row (ownerId is never null) but is no condition an index serves, so the second part cannot
  // read the owner index: at 100,000 posts in the project that read 100,000 index entries per
  // search (30 ms).
  const owner = opaque(options.ownerId, "text");
  const shown = Prisma.sql`p.status = 'published' AND p.visibility = 'public' AND p."publishedAt" <= ${opaque(options.now, "timestamp")}`;
  const inProject = Prisma.sql`p."ownerId" = ${owner} AND ${shown}`;
  const inProjectWordsFirst = Prisma.sql`(p."ownerId" = ${owner}) IS TRUE AND ${shown}`;
  const limit = Prisma.raw(String(Math.trunc(options.limit)));
  const matches = Prisma.sql`(p.title ILIKE ${pattern} OR p.excerpt ILIKE ${pattern})`;
  return Prisma.sql`
    WITH recent AS MATERIALIZED (
      SELECT p.id, p."publishedAt" FROM (
        SELECT p.id, p."publishedAt", p.title, p.excerpt FROM "Post" p WHERE ${inProject}
        ORDER BY p."publishedAt" DESC, p.id DESC LIMIT ${opaque(Math.trunc(options.window), "int")}
      ) p WHERE ${matches}
    ), everywhere AS MATERIALIZED (
      SELECT p.id, p."publishedAt" FROM "Post" p
      WHERE (SELECT count(*) FROM recent) < ${limit} AND ${options.wordsFirst ? inProjectWordsFirst : inProject} AND ${matches}
    )
    SELECT m.id FROM (
      SELECT id, "publishedAt" FROM recent WHERE (SELECT count(*) FROM recent) >= ${limit}
      UNION ALL
      SELECT id, "publishedAt" FROM everywhere
    ) m
    ORDER BY m."publishedAt" DESC, m.id DESC LIMIT ${limit}`;
}

export async function searchPostIds(options: SearchOptions): Promise<string[]> {
  // A short query's best walk depends on its pattern: planned for each call. The others are one
  // prepared statement.
  const rows = await sql({ planEachCall: searchPattern(options.q) === null }).$queryRaw<{ id: string }[]>(
    searchPostIdsSql({ ...options, window: 4 * options.limit }),
  );
  return rows.map((row) => row.id);
}
