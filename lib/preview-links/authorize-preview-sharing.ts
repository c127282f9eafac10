// Who may create, list and revoke a post's preview links (TEAMS.md "Preview links"): "any member
// who may edit the post", and keys with `posts:write` like sessions (that scope is declared on the
// routes and checked by the wrapper before this runs). The table's "edit and delete posts" row
// decides (lib/auth/permissions.ts `posts.edit`: contributor own drafts, author own, editor and
// above all, viewer none); a post of another project is `404 Post not found`, indistinguishable
// from a missing one.
import type { Principal } from "../auth/principal";
import { db, type Tx } from "../db";
import { notFound } from "../http/api-error";
import { authorizePostActions } from "../posts/authorize-post-action";

export async function authorizePreviewSharing(options: { principal: Principal; postId: string }, client: Tx = db()): Promise<{ id: string }> {
  const { principal, postId } = options;
  const post = await client.post.findFirst({ where: { id: postId, ownerId: principal.projectId }, select: { id: true } });
  if (!post) throw notFound("Post not found");
  await authorizePostActions(principal, postId, ["posts.edit"]);
  return post;
}
