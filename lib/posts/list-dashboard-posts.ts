// The dashboard's posts table (DASHBOARD.md "Posts"): the author's own posts and the ones they
// co-author, most recently updated first, filtered by status (draft / scheduled / published),
// tag and a title search, one page at a time with the total. Co-authored rows are read-only
// there (writes are the owner's); they carry the co-author's "show on my blog" choice.
//
// One statement, one round trip (bench/dashboard: 10,000 posts render in budget): own posts come
// from the (ownerId, updatedAt, id) index in order and stop after the page, co-authored ones
// (few) from the co-author index; the two are merged, and the page's tags, the co-author flag,
// the owners' usernames and both totals are read in the same query.
//
// "In review" (TEAMS.md "Review") is a filter, not a status: a post with an open review keeps its
// status and carries `inReview`. Both read the Review index on ("postId", status) per post, so the
// filter costs one index probe per candidate row and needs no join that would change the plan.
//
// With a title search the own posts are different: every match is collected first, through the
// trigram index on titles (migration search_trigram_indexes), and the page and the total
// are taken from that set. Walking the index in updatedAt order and filtering, as without a
// search, reads the whole project when the matches are all old (0.2 s at 100,000 posts), and the
// total has to find every match anyway. The pattern is a sub-select (searchPattern in
// search-post-ids.ts says why); a one- or two-character query, which no trigram index serves, is
// planned for its pattern instead.
import { sql } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { searchPattern, substringPattern } from "./search-post-ids";
import { toWireVisibility, type WireVisibility } from "./post-visibility";

export const DASHBOARD_STATUSES = ["draft", "scheduled", "published"] as const;
export type DashboardStatus = (typeof DASHBOARD_STATUSES)[number];
/** The status filter's values: the row statuses, and `in_review` (an open review). */
export const DASHBOARD_STATUS_FILTERS = [...DASHBOARD_STATUSES, "in_review"] as const;
export type DashboardStatusFilter = (typeof DASHBOARD_STATUS_FILTERS)[number];
export const DASHBOARD_PAGE_SIZE = 20;

export type DashboardPostRow = {
  id: string;
  title: string;
  slug: string;
  status: DashboardStatus;
  publishedAt: string | null;
  visibility: WireVisibility;
  tags: { name: string; slug: string }[];
  updatedAt: string;
  /** null for the caller's own posts; the owner's username for co-authored ones. */
  coauthoredFrom: string | null;
  showOnBlog: boolean;
  /** An open review of the post (TEAMS.md "Review"). */
  inReview: boolean;
};

const OPEN_REVIEW = Prisma.sql`EXISTS (SELECT 1 FROM "Review" r WHERE r."postId" = p.id AND r.status = 'open')`;

/** The filter conditions on the post alias `p` (status, tag, title search). */
function filterSql({ status, tag, q, now }: { status?: DashboardStatusFilter; tag?: string; q?: string; now: Date }): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (status === "draft") conditions.push(Prisma.sql`p.status = 'draft'`);
  if (status === "scheduled") conditions.push(Prisma.sql`p.status = 'published' AND p."publishedAt" > ${now}`);
  if (status === "published") conditions.push(Prisma.sql`p.status = 'published' AND (p."publishedAt" IS NULL OR p."publishedAt" <= ${now})`);
  if (status === "in_review") conditions.push(OPEN_REVIEW);
  if (tag) conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM "PostTag" pt JOIN "Tag" t ON t.id = pt."tagId" WHERE pt."postId" = p.id AND t.slug = ${tag})`);
  // ILIKE with the pattern's own wildcards escaped: the search is a plain substring match.
  if (q) conditions.push(Prisma.sql`p.title ILIKE ${searchPattern(q) ?? substringPattern(q)}`);
  return conditions.length ? Prisma.sql`AND ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
}

type Row = {
  total: bigint;
  id: string | null;
  title: string;
  slug: string;
  status: "draft" | "published";
  publishedAt: Date | null;
  visibility: "public" | "private" | "link_only";
  updatedAt: Date;
  ownerId: string;
  ownerUsername: string;
  tags: { name: string; slug: string }[];
  showOnBlog: boolean;
  inReview: boolean;
};

type DashboardQuery = { userId: string; status?: DashboardStatusFilter; tag?: string; q?: string; page: number; now: Date };

/** The statement (exported for the plan test, tests/db/search-indexes.test.ts). */
export function dashboardPostsSql(options: DashboardQuery): Prisma.Sql {
  const { userId, page } = options;
  const filters = filterSql(options);
  const offset = (page - 1) * DASHBOARD_PAGE_SIZE;
  const reach = offset + DASHBOARD_PAGE_SIZE;

  const ownMatches = Prisma.sql`SELECT p.id, p."updatedAt" FROM "Post" p WHERE p."ownerId" = ${userId} ${filters}`;
  const own = options.q
    ? Prisma.sql`matches AS MATERIALIZED (${ownMatches}),
      mine AS (SELECT * FROM matches ORDER BY "updatedAt" DESC, id DESC LIMIT ${reach}),
      own_total AS (SELECT count(*) AS n FROM matches)`
    : Prisma.sql`mine AS (${ownMatches} ORDER BY p."updatedAt" DESC, p.id DESC LIMIT ${reach}),
      own_total AS (SELECT count(*) AS n FROM "Post" p WHERE p."ownerId" = ${userId} ${filters})`;

  return Prisma.sql`
    WITH ${own}, coauthored AS (
      SELECT p.id, p."updatedAt" FROM "PostCoauthor" c JOIN "Post" p ON p.id = c."postId"
      WHERE c."userId" = ${userId} AND p."ownerId" <> ${userId} ${filters}
      ORDER BY p."updatedAt" DESC, p.id DESC LIMIT ${reach}
    ), page AS (
      SELECT id, "updatedAt" FROM (SELECT * FROM mine UNION ALL SELECT * FROM coauthored) merged
      ORDER BY "updatedAt" DESC, id DESC OFFSET ${offset} LIMIT ${DASHBOARD_PAGE_SIZE}
    ), totals AS (
      SELECT (SELECT n FROM own_total)
           + (SELECT count(*) FROM "PostCoauthor" c JOIN "Post" p ON p.id = c."postId"
              WHERE c."userId" = ${userId} AND p."ownerId" <> ${userId} ${filters}) AS total
    )
    SELECT totals.total, rows.* FROM totals LEFT JOIN LATERAL (
      SELECT p.id, p.title, p.slug, p.status, p."publishedAt", p.visibility, p."updatedAt", p."ownerId",
             o.username AS "ownerUsername",
             COALESCE((SELECT json_agg(json_build_object('name', t.name, 'slug', t.slug) ORDER BY t.name)
                       FROM "PostTag" pt JOIN "Tag" t ON t.id = pt."tagId" WHERE pt."postId" = p.id), '[]'::json) AS tags,
             COALESCE((SELECT c."showOnBlog" FROM "PostCoauthor" c WHERE c."postId" = p.id AND c."userId" = ${userId} LIMIT 1), false) AS "showOnBlog",
             ${OPEN_REVIEW} AS "inReview"
      FROM page JOIN "Post" p ON p.id = page.id JOIN "User" o ON o.id = p."ownerId"
    ) rows ON true
    ORDER BY rows."updatedAt" DESC, rows.id DESC`;
}

export async function listDashboardPosts(options: {
  userId: string;
  status?: DashboardStatusFilter;
  tag?: string;
  q?: string;
  page: number;
  now?: Date;
}): Promise<{ rows: DashboardPostRow[]; total: number; page: number; pageCount: number }> {
  const { userId, page } = options;
  const now = options.now ?? new Date();
  const q = options.q || undefined;
  const result = await sql({ planEachCall: q !== undefined && searchPattern(q) === null }).$queryRaw<Row[]>(dashboardPostsSql({ ...options, q, now }));

  const total = Number(result[0]?.total ?? 0);
  const rows = result
    .filter((row) => row.id !== null)
    .map((row): DashboardPostRow => ({
      id: row.id!,
      title: row.title,
      slug: row.slug,
      status: row.status === "draft" ? "draft" : row.publishedAt && row.publishedAt > now ? "scheduled" : "published",
      publishedAt: row.publishedAt?.toISOString() ?? null,
      visibility: toWireVisibility(row.visibility),
      tags: row.tags,
      updatedAt: row.updatedAt.toISOString(),
      coauthoredFrom: row.ownerId === userId ? null : row.ownerUsername,
      showOnBlog: row.showOnBlog,
      inReview: row.inReview,
    }));
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / DASHBOARD_PAGE_SIZE)) };
}
