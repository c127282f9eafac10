// What the editor shows about review for one post (TEAMS.md "Review", dashboard): whether the
// signed-in member may publish it at all, whether the project holds them to review, the post's
// newest review (open, approved, changes requested…) and, when an approval still pins the post
// as it is, the ETag it pinned: the editor offers "Publish" only while its own ETag is that one,
// since any edit voids the approval (lib/reviews/require-approved-revision.ts decides for real).
import type { Principal } from "../auth/principal";
import { db } from "../db";
import { postRevisionEtag } from "../posts/post-revision";
import { can } from "../auth/can";
import type { Action } from "../auth/permissions";
import { findOwnedPost, mayActOnAnyPost } from "../posts/authorize-post-action";
import { reviewApplies } from "./require-approved-revision";
import { reviewPeople } from "./to-review";

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

export async function getPostReviewState(principal: Principal, post: { id: string; updatedAt: Date }): Promise<PostReviewState> {
  // The post's ownership is read once, and only for roles that act on their own posts only.
  const everyPost = (["posts.publish", "posts.edit", "review.request"] as const).every((action) => mayActOnAnyPost(principal, action));
  const [resource, applies, latest] = await Promise.all([
    everyPost ? null : findOwnedPost(principal, post.id),
    reviewApplies(principal),
    db().review.findFirst({ where: { postId: post.id, projectId: principal.projectId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
  ]);
  const may = (action: Action) => mayActOnAnyPost(principal, action) || (resource !== null && can(principal, action, resource));
  const people = latest ? await reviewPeople(db(), [latest]) : new Map<string, { username: string }>();
  const name = (id: string | null) => (id === null ? null : (people.get(id)?.username ?? id));
  const pinned = latest?.status === "approved" && latest.approvedUpdatedAt && latest.approvedUpdatedAt.getTime() === post.updatedAt.getTime();
  return {
    mayPublish: may("posts.publish"),
    mayRequest: may("review.request") && may("posts.edit"),
    reviewApplies: applies,
    latest: latest ? { id: latest.id, status: latest.status, requestedBy: name(latest.requestedById)!, decidedBy: name(latest.decidedById), decisionNote: latest.decisionNote } : null,
    approvedEtag: pinned ? postRevisionEtag(post.updatedAt) : null,
  };
}
