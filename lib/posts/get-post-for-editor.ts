// What the dashboard's editor opens with: the owner view of the post (as GET /api/posts/:id
// serves it, with its revision ETag), whether its excerpt is automatic, and the usernames of its
// user co-authors (the editor names them by username). Null for a post the author does not own.
import { db } from "../db";
import { POST_INCLUDE } from "./post-include";
import { postRevisionEtag } from "./post-revision";
import { toPost } from "./to-post";

export async function getPostForEditor(options: { ownerId: string; id: string; now?: Date }) {
  const now = options.now ?? new Date();
  const row = await db().post.findFirst({
    where: { id: options.id, ownerId: options.ownerId },
    include: POST_INCLUDE,
  });
  if (!row) return null;
  const post = toPost(row, "tiptap");
  const usernames = Object.fromEntries(row.coauthors.flatMap((coauthor) => (coauthor.userId && coauthor.user ? [[coauthor.userId, coauthor.user.username]] : [])));
  const scheduled = row.status === "published" && row.publishedAt !== null && row.publishedAt > now;
  return { post, etag: postRevisionEtag(row.updatedAt), excerptAuto: row.excerptAuto, scheduled, usernames };
}
