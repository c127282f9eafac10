// Who may create, list and revoke a post's preview links (TEAMS.md "Preview links"): "any member
// who may edit the post", and keys with `posts:write` like sessions (that scope is declared on the
// routes and checked by the wrapper before this runs).
//
// Until teams lands only the project's owner writes, so today this is the owner check: a post of
// another project is `404 Post not found`, indistinguishable from a missing one. Teams (TEAMS.md
// "What each role may do", lib/auth/can.ts) maps this ONE call to its table's "edit and delete
// posts" row: `authorize(principal, "posts.edit", post)` (contributor: own drafts; author: own;
// editor, admin, owner: all; viewer: no), after the same project-scoped lookup.
import type { Principal } from "../auth/principal";
import { db, type Tx } from "../db";
import { notFound } from "../http/api-error";

export async function authorizePreviewSharing(options: { principal: Principal; postId: string }, client: Tx = db()): Promise<{ id: string }> {
  const { principal, postId } = options;
  if (!principal.userId) throw new Error("preview links: no principal");
  const post = await client.post.findFirst({ where: { id: postId, ownerId: principal.userId }, select: { id: true } });
  if (!post) throw notFound("Post not found");
  return post;
}
