// GET /api/posts/:id: the owner's view of one of their posts, whatever its state (DECISIONS §3).
import type { ContentFormat } from "../content/content-format";
import { db } from "../db";
import { notFound } from "../http/api-error";
import { POST_INCLUDE } from "./post-include";
import { toPosts, type PostResponse } from "./to-post";

export async function getOwnerPost(options: { ownerId: string; id: string; format: ContentFormat }): Promise<PostResponse> {
  const row = await db().post.findFirst({ where: { id: options.id, ownerId: options.ownerId }, include: POST_INCLUDE });
  if (!row) throw notFound("Post not found");
  const [post] = await toPosts([row], options.format);
  return post;
}
