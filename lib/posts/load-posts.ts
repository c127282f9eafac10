// Full posts by id for the public reads, in one statement: the row, its owner, tags and
// co-authors aggregated by PostgreSQL into JSON. About twice as fast as Prisma's include (which
// runs a query per relation and maps every row in JS), and a list page is 50 posts. `visibleAt`
// re-applies the public visibility condition (a post unpublished since its keys were read is
// left out). Order follows `ids`.
// The ids are hidden from the planner (lib/db-opaque.ts): shown how many there were, it planned
// every call anew, about 1 ms of planning per search of one result against 0.2 ms of running it.
import { opaque } from "../db-opaque";
import { sql, type SqlRunner } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import type { PostRecord } from "./post-include";
import { SEO_FIELDS } from "./post-fields";
import { visibleSql } from "./visible-post-sql";
import { fromWireVisibility, type WireVisibility } from "./post-visibility";

const SEO_COLUMNS = Prisma.raw(SEO_FIELDS.map((field) => `p."${field}"`).join(", "));

/** `runner`: a transaction to read in (the 412 of a PATCH reads the post under its lock). */
export async function loadPosts(ids: string[], options: { visibleAt?: Date; runner?: SqlRunner } = {}): Promise<PostRecord[]> {
  if (ids.length === 0) return [];
  const visible = options.visibleAt ? Prisma.sql`AND ${visibleSql(options.visibleAt)}` : Prisma.empty;
  const rows = await (options.runner ?? sql()).$queryRaw<PostRecord[]>`
    SELECT p.id, p.slug, p.title, p.subtitle, p.excerpt, p.content, p."readingTime", p."coverImage", p.featured,
      p.visibility::text AS visibility, p.status::text AS status, p."publishedAt", p."updatedAt",
      ${SEO_COLUMNS},
      json_build_object('id', o.id, 'username', o.username, 'displayName', o."displayName", 'avatar', o.avatar) AS owner,
      COALESCE((
        SELECT json_agg(json_build_object('tag', json_build_object('name', t.name, 'slug', t.slug)))
        FROM "PostTag" pt JOIN "Tag" t ON t.id = pt."tagId" WHERE pt."postId" = p.id
      ), '[]') AS tags,
      COALESCE((
        SELECT json_agg(json_build_object(
          'userId', c."userId", 'externalName', c."externalName", 'externalHandle', c."externalHandle",
          'externalUrl', c."externalUrl",
          'user', CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('username', u.username, 'displayName', u."displayName") END
        ) ORDER BY c.position)
        FROM "PostCoauthor" c LEFT JOIN "User" u ON u.id = c."userId" WHERE c."postId" = p.id
      ), '[]') AS coauthors
    FROM "Post" p JOIN "User" o ON o.id = p."ownerId"
    WHERE p.id = ANY(${opaque(ids, "text[]")}::text[]) ${visible}`;
  const byId = new Map(
    // Raw SQL sees the database spelling of the enum value; the Prisma models use link_only.
    rows.map((row) => [row.id, { ...row, visibility: fromWireVisibility(row.visibility as unknown as WireVisibility) }]),
  );
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row as PostRecord] : [];
  });
}
