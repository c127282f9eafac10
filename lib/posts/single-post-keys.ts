// Everything a single post's ETag and visibility check depend on, in one statement: the project
// (by username), the post (by slug), its neighbours in the owner's visible timeline (published,
// public, time reached; DECISIONS §5) ordered by (publishedAt, id) – `prev` older, `next` newer,
// each an index range scan that stops at the first row – and its user co-authors' updatedAt
// (their names appear in the JSON-LD). Null columns for an unknown project or slug.
import { sql } from "../db-sql";
import { visibleSql } from "./visible-post-sql";

export type SinglePostKeys = {
  projectId: string | null;
  projectUpdatedAt: Date | null;
  id: string | null;
  updatedAt: Date | null;
  status: "draft" | "published" | null;
  /** The database spelling (`link-only`): this is raw SQL. */
  visibility: "public" | "private" | "link-only" | null;
  publishedAt: Date | null;
  prevId: string | null;
  prevSlug: string | null;
  prevTitle: string | null;
  prevUpdatedAt: Date | null;
  nextId: string | null;
  nextSlug: string | null;
  nextTitle: string | null;
  nextUpdatedAt: Date | null;
  coauthorUsers: string | null;
};

export async function singlePostKeys(options: { username: string; slug: string; now: Date }): Promise<SinglePostKeys> {
  const rows = await sql().$queryRaw<SinglePostKeys[]>`
    SELECT o.id AS "projectId", o."updatedAt" AS "projectUpdatedAt",
      p.id, p."updatedAt", p.status::text AS status, p.visibility::text AS visibility, p."publishedAt",
      prev.id AS "prevId", prev.slug AS "prevSlug", prev.title AS "prevTitle", prev."updatedAt" AS "prevUpdatedAt",
      next.id AS "nextId", next.slug AS "nextSlug", next.title AS "nextTitle", next."updatedAt" AS "nextUpdatedAt",
      (SELECT string_agg(u.id || '@' || u."updatedAt"::text, ',' ORDER BY c.position)
         FROM "PostCoauthor" c JOIN "User" u ON u.id = c."userId" WHERE c."postId" = p.id) AS "coauthorUsers"
    FROM "User" o
    LEFT JOIN "Post" p ON p."ownerId" = o.id AND p.slug = ${options.slug}
    LEFT JOIN LATERAL (
      SELECT q.id, q.slug, q.title, q."updatedAt" FROM "Post" q
      WHERE q."ownerId" = o.id AND ${visibleSql(options.now, "q")}
        AND q."publishedAt" <= p."publishedAt" AND (q."publishedAt" < p."publishedAt" OR q.id < p.id)
      ORDER BY q."publishedAt" DESC, q.id DESC LIMIT 1
    ) prev ON true
    LEFT JOIN LATERAL (
      SELECT q.id, q.slug, q.title, q."updatedAt" FROM "Post" q
      WHERE q."ownerId" = o.id AND ${visibleSql(options.now, "q")}
        AND q."publishedAt" >= p."publishedAt" AND (q."publishedAt" > p."publishedAt" OR q.id > p.id)
      ORDER BY q."publishedAt" ASC, q.id ASC LIMIT 1
    ) next ON true
    WHERE o.username = ${options.username}`;
  return rows[0] ?? ({ projectId: null } as SinglePostKeys);
}
