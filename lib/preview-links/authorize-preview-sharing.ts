// Who may create, list and revoke a post's preview links (TEAMS.md "Preview links"): "any member
// who may edit the post", and keys with `posts:write` like sessions (that scope is declared on the
// routes and checked by the wrapper before this runs).
//
// A post of another project is `404 Post not found`, indistinguishable from a missing one; then
// the table's "edit and delete posts" row: `authorize(principal, "posts.edit", post)`
// (contributor: own drafts; author: own; editor, admin, owner: all; viewer: no).
import { authorize } from "../auth/can";
import type { Principal } from "../auth/principal";
import { db, type Tx } from "../db";
import { notFound } from "../http/api-error";

export async function authorizePreviewSharing(options: { principal: Principal; postId: string }, client: Tx = db()): Promise<{ id: string }> {
  const { principal, postId } = options;
  if (!principal.projectId) throw new Error("preview links: no principal");
  const post = await client.post.findFirst({
    where: { id: postId, ownerId: principal.projectId },
    select: { id: true, createdById: true, status: true, coauthors: { where: { userId: { not: null } }, select: { userId: true } } },
  });
  if (!post) throw notFound("Post not found");
  authorize(principal, "posts.edit", { createdById: post.createdById, coauthorIds: post.coauthors.map((c) => c.userId!), draft: post.status === "draft" });
  return { id: post.id };
}
