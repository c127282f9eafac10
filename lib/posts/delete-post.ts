// DELETE /api/posts/:id. Another owner's id is indistinguishable from a missing one (404). No
// event: SPEC has no post.deleted. Tags stay (they belong to the project), links to them go. Where
// a purge can happen (Vercel), the post's cache tags are read first (the row goes with the delete)
// and purged after the answer.
import { postCacheTags } from "../cache/post-cache-tags";
import { purgeAfterResponse, purgeAvailable } from "../cache/purge-after-response";
import { db } from "../db";
import { notFound } from "../http/api-error";

export async function deletePost(options: { ownerId: string; id: string }): Promise<void> {
  const tags = purgeAvailable() ? await postCacheTags([options.id], { ownerId: options.ownerId }) : [];
  const { count } = await db().post.deleteMany({ where: { id: options.id, ownerId: options.ownerId } });
  if (count === 0) throw notFound("Post not found");
  purgeAfterResponse("post deleted", tags);
}
