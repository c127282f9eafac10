// SQL fragments of the public listings. "Visible" = published, public, and publishedAt reached by
// the server clock: scheduled posts appear by this condition alone, no job flips them. `owner`
// is the project's user id, or a subquery yielding it (so one statement can resolve the username
// and read the posts).
import { Prisma } from "../generated/prisma/client";

export type OwnerRef = string | Prisma.Sql;

export type ListSort = "publishedAt:desc" | "publishedAt:asc";

export type VisibleFilter = { owner: OwnerRef; now: Date; tag?: string };

export function visibleSql(now: Date, alias = "p"): Prisma.Sql {
  const p = Prisma.raw(alias);
  return Prisma.sql`${p}.status = 'published' AND ${p}.visibility = 'public' AND ${p}."publishedAt" <= ${now}`;
}

/** The owner's own posts with that tag slug (tags are per project). */
export function ownTagSql(filter: VisibleFilter): Prisma.Sql {
  if (filter.tag === undefined) return Prisma.empty;
  return Prisma.sql`AND p.id IN (
    SELECT pt."postId" FROM "PostTag" pt JOIN "Tag" t ON t.id = pt."tagId"
    WHERE t."ownerId" = ${filter.owner} AND t.slug = ${filter.tag})`;
}

/** Co-authored posts carry their own owner's tags: matched by slug. */
export function coauthoredTagSql(filter: VisibleFilter): Prisma.Sql {
  if (filter.tag === undefined) return Prisma.empty;
  return Prisma.sql`AND p.id IN (
    SELECT pt."postId" FROM "PostTag" pt JOIN "Tag" t ON t.id = pt."tagId" WHERE t.slug = ${filter.tag})`;
}

/** Other owners' posts this user co-authored and chose to show on their blog (DECISIONS §5). */
export function coauthoredSql(owner: OwnerRef): Prisma.Sql {
  return Prisma.sql`p.id IN (SELECT c."postId" FROM "PostCoauthor" c WHERE c."userId" = ${owner} AND c."showOnBlog")
    AND p."ownerId" <> ${owner}`;
}
