// GET /api/posts/mine: every post of the caller, drafts and scheduled ones included, most
// recently updated first, unpaginated, always as the raw document (format tiptap).
import { db } from "../db";
import { POST_INCLUDE } from "./post-include";
import { toPost, type PostResponse } from "./to-post";

export async function listOwnerPosts(options: { ownerId: string }): Promise<PostResponse[]> {
  const rows = await db().post.findMany({
    where: { ownerId: options.ownerId },
    include: POST_INCLUDE,
    orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
  });
  return rows.map((row) => toPost(row, "tiptap"));
}
