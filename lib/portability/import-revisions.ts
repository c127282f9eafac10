// Post revisions (HISTORY.md, issue 23) in portability, in one place. Imported posts get their
// revision from the shared writers (insertPost / writePostUpdate record one: `create`, `publish`
// or `schedule`, as for any new post). Here: the JSON export's `revisions` of each post, and the
// inkbase import putting them back under the new post, before the import's own revision (which
// is renumbered to come after them, so the history reads: what happened there, then the import).
import type { Tx } from "../db";
import { db } from "../db";
import type { Prisma } from "../generated/prisma/client";

type ExportedRevision = Record<string, unknown> & { revision: number; createdAt: string; startedAt: string; publishedAt: string | null };

/** Each post's revisions for the export, oldest first. */
export async function revisionsForExport(postIds: string[]): Promise<Map<string, unknown[]>> {
  const rows = await db().postRevision.findMany({ where: { postId: { in: postIds } }, orderBy: [{ postId: "asc" }, { revision: "asc" }] });
  const out = new Map<string, unknown[]>();
  for (const { postId, ...row } of rows) {
    const list = out.get(postId) ?? [];
    list.push({ ...row, createdAt: row.createdAt.toISOString(), startedAt: row.startedAt.toISOString(), publishedAt: row.publishedAt?.toISOString() ?? null });
    out.set(postId, list);
  }
  return out;
}

/** A newly imported post gets its exported revisions back, numbered as they were; the import's own revision follows them. */
export async function restoreExportedRevisions(tx: Tx, options: { postId: string; revisions: unknown[] | undefined }): Promise<void> {
  const revisions = (options.revisions ?? []).filter((r): r is ExportedRevision => !!r && typeof r === "object" && Number.isInteger((r as ExportedRevision).revision));
  if (!revisions.length) return;
  const last = Math.max(...revisions.map((r) => r.revision));
  await tx.$executeRaw`UPDATE "PostRevision" SET revision = revision + ${last}::int WHERE "postId" = ${options.postId}`;
  await tx.postRevision.createMany({
    data: revisions.map((r) => ({
      ...(r as unknown as Prisma.PostRevisionCreateManyInput),
      postId: options.postId,
      createdAt: new Date(r.createdAt),
      startedAt: new Date(r.startedAt ?? r.createdAt),
      publishedAt: r.publishedAt ? new Date(r.publishedAt) : null,
      content: r.content as Prisma.InputJsonValue,
      tags: (r.tags ?? []) as Prisma.InputJsonValue,
      coauthors: (r.coauthors ?? []) as Prisma.InputJsonValue,
    })),
  });
}
