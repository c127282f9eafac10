// /sitemap.xml (PUBLIC-SITE.md): every blog index and every public published post (visible
// now; link-only, private, drafts and scheduled posts never), each with `lastmod`. Up to 50,000
// URLs it is one <urlset>; past that, /sitemap.xml is a <sitemapindex> of /sitemaps/<n>.xml with
// 50,000 URLs each (the protocol's limit). A post is listed once, at its owner's address (its
// canonical one); a blog is listed when it has a visible post. The ETag comes from one aggregate
// (count and newest change), read before any URL is.
import { db } from "../db";
import { Prisma } from "../generated/prisma/client";
import { env } from "../env";
import { visibleSql } from "../posts/visible-post-sql";
import { RESERVED_USERNAMES } from "../users/reserved-usernames";
import { pageEtag } from "./page-etag";

export const SITEMAP_LIMIT = 50_000;

const notReserved = () => Prisma.sql`u.username <> ALL(${[...RESERVED_USERNAMES]}::text[])`;

async function sitemapStats(now: Date) {
  const [row] = await db().$queryRaw<{ posts: number; blogs: number; latest: Date | null; users: Date | null }[]>`
    SELECT count(*)::int AS posts, count(DISTINCT p."ownerId")::int AS blogs, max(p."updatedAt") AS latest, max(u."updatedAt") AS users
    FROM "Post" p JOIN "User" u ON u.id = p."ownerId"
    WHERE ${visibleSql(now)} AND ${notReserved()}`;
  return { total: row.posts + row.blogs, latest: row.latest?.getTime() ?? null, users: row.users?.getTime() ?? null };
}

type Entry = { loc: string; lastmod: string };

async function sitemapEntries(now: Date, part: number, limit: number): Promise<Entry[]> {
  const rows = await db().$queryRaw<{ username: string; slug: string | null; lastmod: Date }[]>`
    SELECT username, slug, lastmod FROM (
      SELECT u.username, NULL::text AS slug, GREATEST(u."updatedAt", max(p."updatedAt")) AS lastmod
      FROM "Post" p JOIN "User" u ON u.id = p."ownerId"
      WHERE ${visibleSql(now)} AND ${notReserved()} GROUP BY u.id
      UNION ALL
      SELECT u.username, p.slug, p."updatedAt" AS lastmod
      FROM "Post" p JOIN "User" u ON u.id = p."ownerId"
      WHERE ${visibleSql(now)} AND ${notReserved()}
    ) e
    ORDER BY username, slug NULLS FIRST
    LIMIT ${limit} OFFSET ${part * limit}`;
  const base = env.publicBaseUrl;
  return rows.map((row) => ({
    loc: row.slug === null ? `${base}/${row.username}` : `${base}/${row.username}/${row.slug}`,
    lastmod: row.lastmod.toISOString(),
  }));
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

function urlset(entries: Entry[]): string {
  const urls = entries.map((entry) => `<url><loc>${escapeXml(entry.loc)}</loc><lastmod>${entry.lastmod}</lastmod></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

function sitemapIndex(parts: number, lastmod: string): string {
  const base = env.publicBaseUrl;
  const items = Array.from({ length: parts }, (_, part) => `<sitemap><loc>${escapeXml(`${base}/sitemaps/${part}.xml`)}</loc><lastmod>${lastmod}</lastmod></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

/**
 * `part` null: /sitemap.xml (the urlset, or the index past the limit); a number: /sitemaps/<n>.xml.
 * Null when that part does not exist.
 */
export async function sitemap(options: { part: number | null; now?: Date; limit?: number }) {
  const now = options.now ?? new Date();
  // `limit` exists for tests: 50,000 URLs is too many to make in one.
  const limit = options.limit ?? SITEMAP_LIMIT;
  const stats = await sitemapStats(now);
  const parts = Math.max(1, Math.ceil(stats.total / limit));
  const indexed = parts > 1;
  if (options.part !== null && (!indexed || options.part >= parts)) return null;
  const etag = pageEtag("sitemap", [options.part, stats, env.publicBaseUrl]);
  const body = async () => {
    if (options.part === null && indexed) {
      return sitemapIndex(parts, new Date(Math.max(stats.latest ?? 0, stats.users ?? 0)).toISOString());
    }
    return urlset(await sitemapEntries(now, options.part ?? 0, limit));
  };
  return { etag, body };
}
