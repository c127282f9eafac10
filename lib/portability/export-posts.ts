// The account's posts for an export, one page at a time (ordered by id, keyset paging), each as
// the export format has it (export-format.ts). Memory holds one page, whatever the account's size.
import { db } from "../db";
import { toWireVisibility } from "../posts/post-visibility";
import type { ExportedPost } from "./export-format";
import { revisionsForExport } from "./import-revisions";

export const EXPORT_PAGE = 200;

/** `revisions: false` leaves them out (the Markdown export has no place for them). */
export async function* exportPosts(ownerId: string, options: { revisions?: boolean } = {}): AsyncGenerator<ExportedPost[]> {
  if (!ownerId) throw new Error("exportPosts needs an owner");
  let after: string | undefined;
  for (;;) {
    const rows = await db().post.findMany({
      where: { ownerId, ...(after ? { id: { gt: after } } : {}) },
      orderBy: { id: "asc" },
      take: EXPORT_PAGE,
      include: {
        tags: { include: { tag: { select: { name: true } } } },
        coauthors: { orderBy: { position: "asc" }, include: { user: { select: { username: true } } } },
      },
    });
    if (!rows.length) return;
    after = rows[rows.length - 1].id;
    const revisions = options.revisions === false ? new Map<string, unknown[]>() : await revisionsForExport(rows.map((row) => row.id));
    yield rows.map((row): ExportedPost => ({
      id: row.id,
      slug: row.slug,
      title: row.title,
      subtitle: row.subtitle,
      excerpt: row.excerptAuto ? null : row.excerpt,
      content: row.content as unknown as ExportedPost["content"],
      coverImage: row.coverImage,
      featured: row.featured,
      visibility: toWireVisibility(row.visibility),
      status: row.status,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      tags: row.tags.map((t) => t.tag.name).sort(),
      coauthors: row.coauthors.map((c) =>
        c.user ? { username: c.user.username } : { externalName: c.externalName ?? "", externalHandle: c.externalHandle, externalUrl: c.externalUrl },
      ),
      seoTitle: row.seoTitle,
      seoDescription: row.seoDescription,
      canonicalUrl: row.canonicalUrl,
      ogTitle: row.ogTitle,
      ogDescription: row.ogDescription,
      ogImage: row.ogImage,
      twitterTitle: row.twitterTitle,
      twitterDescription: row.twitterDescription,
      twitterImage: row.twitterImage,
      robots: row.robots,
      revisions: revisions.get(row.id) ?? [],
    }));
    if (rows.length < EXPORT_PAGE) return;
  }
}
