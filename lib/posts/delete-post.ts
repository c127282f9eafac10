// DELETE /api/posts/:id. Another owner's id is indistinguishable from a missing one (404). No
// event: SPEC has no post.deleted. Tags stay (they belong to the project), links to them go.
import { db } from "../db";
import { notFound } from "../http/api-error";

export async function deletePost(options: { ownerId: string; id: string }): Promise<void> {
  const { count } = await db().post.deleteMany({ where: { id: options.id, ownerId: options.ownerId } });
  if (count === 0) throw notFound("Post not found");
}
