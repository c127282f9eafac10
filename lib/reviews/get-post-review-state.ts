// What the editor shows about review for one post (TEAMS.md "Review", dashboard): whether the
// signed-in member may publish it at all, whether the project holds them to review, the post's
// newest review (open, approved, changes requested…) and, when an approval still pins the post
// as it is, the ETag it pinned: the editor offers "Publish" only while its own ETag is that one,
// since any edit voids the approval (lib/reviews/require-approved-revision.ts decides for real).
import type { Principal } from "../auth/principal";
import { db } from "../db";
import { postRevisionEtag } from "../posts/post-revision";
import { authorizePostActions } from "../posts/authorize-post-action";
import { reviewApplies } from "./require-approved-revision";

export type PostReviewState = {
  /** The role may publish this post (contributors never; authors their own). */
  mayPublish: boolean;
  /** The member may ask for review (they may edit the post). */
  mayRequest: boolean;
  /** The project holds this member to review before publishing (reviewRequired, below editor). */
  reviewApplies: boolean;
  latest: { id: string; status: string; requestedBy: string; decidedBy: string | null; decisionNote: string | null } | null;
  /** The ETag of the post an approval still pins, or null. */
  approvedEtag: string | null;
};

const allowed = (check: Promise<void>) => check.then(() => true, () => false);

export async function getPostReviewState(principal: Principal, post: { id: string; updatedAt: Date }): Promise<PostReviewState> {
  const [mayPublish, mayRequest, applies, latest] = await Promise.all([
    allowed(authorizePostActions(principal, post.id, ["posts.publish"])),
    allowed(authorizePostActions(principal, post.id, ["review.request", "posts.edit"])),
    reviewApplies(principal),
    db().review.findFirst({ where: { postId: post.id, projectId: principal.projectId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
  ]);
  const names = latest ? await db().user.findMany({ where: { id: { in: [latest.requestedById, latest.decidedById].filter((id): id is string => id !== null) } }, select: { id: true, username: true } }) : [];
  const name = (id: string | null) => (id === null ? null : (names.find((user) => user.id === id)?.username ?? id));
  const pinned = latest?.status === "approved" && latest.approvedUpdatedAt && latest.approvedUpdatedAt.getTime() === post.updatedAt.getTime();
  return {
    mayPublish,
    mayRequest,
    reviewApplies: applies,
    latest: latest ? { id: latest.id, status: latest.status, requestedBy: name(latest.requestedById)!, decidedBy: name(latest.decidedById), decisionNote: latest.decisionNote } : null,
    approvedEtag: pinned ? postRevisionEtag(post.updatedAt) : null,
  };
}
