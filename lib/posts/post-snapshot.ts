// What a post revision holds (HISTORY.md "What is kept"): every field an author edits, plus
// `status` and `publishedAt` at that moment. lib/posts/record-post-revision.ts copies it from the
// post's row in SQL; the diff against the current post reads it here.
import type { Tx } from "../db";
import type { TiptapDocument } from "../content/tiptap-document";
import type { Post } from "../generated/prisma/client";
import { SNAPSHOT_COLUMNS, type SnapshotColumn } from "./post-fields";
import { toCoauthor, type PostCoauthorResponse } from "./to-post";

/** The post row's part of a snapshot (the columns of "Post" it keeps, post-fields.ts). */
export type SnapshotRow = Pick<Post, SnapshotColumn>;

/**
 * `excerptAuto`: the excerpt follows the content (none was given), so a restore hands it back to
 * the content. `visibility` as stored (`link_only` is `link-only` on the wire).
 */
export type PostSnapshot = Omit<SnapshotRow, "content"> & {
  content: TiptapDocument;
  /** Sorted by slug. */
  tags: { name: string; slug: string }[];
  coauthors: PostCoauthorResponse[];
};

export type SnapshotRelations = Pick<PostSnapshot, "tags" | "coauthors">;

function snapshotOf(row: SnapshotRow, relations: SnapshotRelations): PostSnapshot {
  const columns = Object.fromEntries(SNAPSHOT_COLUMNS.map((column) => [column, row[column]])) as SnapshotRow;
  return { ...columns, content: row.content as unknown as TiptapDocument, ...relations };
}

/** A post's tags (sorted by slug) and co-authors (in order), as a snapshot keeps them. */
async function readSnapshotRelations(tx: Tx, postId: string): Promise<SnapshotRelations> {
  const [tags, coauthors] = await Promise.all([
    tx.postTag.findMany({ where: { postId }, select: { tag: { select: { name: true, slug: true } } } }),
    tx.postCoauthor.findMany({
      where: { postId },
      orderBy: { position: "asc" },
      select: { userId: true, externalName: true, externalHandle: true, externalUrl: true, user: { select: { username: true, displayName: true } } },
    }),
  ]);
  return {
    tags: tags.map(({ tag }) => ({ name: tag.name, slug: tag.slug })).sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0)),
    coauthors: coauthors.map(toCoauthor),
  };
}

/** The post as it is now in the transaction (after a write, before its commit). */
export async function loadPostSnapshot(tx: Tx, postId: string): Promise<PostSnapshot> {
  const [row, relations] = await Promise.all([tx.post.findUniqueOrThrow({ where: { id: postId } }), readSnapshotRelations(tx, postId)]);
  return snapshotOf(row, relations);
}
