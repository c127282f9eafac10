// One kept revision of one of the owner's posts, whole (content included), with the acting user's
// username; `Post not found` or `Revision not found` (HISTORY.md: also a pruned one) otherwise.
import { db, type Tx } from "../db";
import type { PostRevision } from "../generated/prisma/client";
import { notFound } from "../http/api-error";
import { assertOwnedPost } from "./assert-owned-post";

export type RevisionRow = PostRevision & { actorUsername: string | null };

export async function findPostRevision(options: { ownerId: string; postId: string; revision: number }, client: Tx = db()): Promise<RevisionRow> {
  const { ownerId, postId, revision } = options;
  const [, row] = await Promise.all([
    assertOwnedPost({ ownerId, postId }, client),
    client.postRevision.findFirst({ where: { postId, revision, post: { ownerId } } }),
  ]);
  if (!row) throw notFound("Revision not found");
  const user = row.actorType === "user" ? await client.user.findUnique({ where: { id: row.actorId }, select: { username: true } }) : null;
  return { ...row, actorUsername: user?.username ?? null };
}
