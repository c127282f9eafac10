// GET /api/posts/:id: the owner's view of one of their posts, whatever its state (DECISIONS §3).
import type { ContentFormat } from "../content/content-format";
import { db } from "../db";
import { notFound } from "../http/api-error";
import { POST_INCLUDE } from "./post-include";
import { toPosts, type PostResponse } from "./to-post";

export type OwnerPostResponse = PostResponse & { createdBy: { id: string; username: string } };

export async function getOwnerPost(options: { ownerId: string; id: string; format: ContentFormat }): Promise<OwnerPostResponse> {
  const row = await db().post.findFirst({
    where: { id: options.id, ownerId: options.ownerId },
    include: { ...POST_INCLUDE, createdBy: { select: { id: true, username: true } } },
  });
  if (!row) throw notFound("Post not found");
  const [post] = await toPosts([row], options.format);
  // TEAMS.md: a post without a recorded creator is the owner's own.
  return { ...post, createdBy: row.createdBy ?? { id: row.owner.id, username: row.owner.username } };
}
