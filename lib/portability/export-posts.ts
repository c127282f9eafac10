// The account's posts for an export, one page at a time (ordered by id, keyset paging), each as
// the export format has it (export-format.ts). Memory holds one page, whatever the account's size.
import { db } from "../db";
import { toPostFields } from "../posts/to-post-fields";
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
      ...toPostFields(row),
      excerpt: row.excerptAuto ? null : row.excerpt,
      content: row.content as unknown as ExportedPost["content"],
      createdAt: row.createdAt.toISOString(),
      tags: row.tags.map((t) => t.tag.name).sort(),
      coauthors: row.coauthors.map((c) =>
        c.user ? { username: c.user.username } : { externalName: c.externalName ?? "", externalHandle: c.externalHandle, externalUrl: c.externalUrl },
      ),
      revisions: revisions.get(row.id) ?? [],
    }));
    if (rows.length < EXPORT_PAGE) return;
  }
}
