// The first step of every history read and of restore: the post must be the caller's, else
// `Post not found` (another user's post is indistinguishable from a missing one).
import { db, type Tx } from "../db";
import { notFound } from "../http/api-error";

export async function assertOwnedPost(options: { ownerId: string; postId: string }, client: Tx = db()): Promise<void> {
  if (!options.ownerId) throw new Error("posts: no owner id");
  const post = await client.post.findFirst({ where: { id: options.postId, ownerId: options.ownerId }, select: { id: true } });
  if (!post) throw notFound("Post not found");
}
