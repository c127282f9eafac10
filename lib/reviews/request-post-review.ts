// POST /api/posts/:id/review-requests: a member who may edit the post asks for review of it as it
// is now, pinned to its newest revision. A newer request of the same post makes the older open
// ones `outdated` (one open request per post, as a pull request is one per branch).
import { recordAudit } from "../audit/record-audit";
import type { Principal } from "../auth/principal";
import { authorizePostActions } from "../posts/authorize-post-action";
import { db } from "../db";
import { notFound } from "../http/api-error";
import { randomId } from "../random-id";
import { enqueueReviewEvent } from "./review-event";
import type { Review } from "./review-input";
import { reviewPeople, toReview } from "./to-review";

export async function requestPostReview(options: { principal: Principal; postId: string; note?: string; now?: Date }): Promise<Review> {
  const { principal, postId } = options;
  const now = options.now ?? new Date();
  await authorizePostActions(principal, postId, ["posts.edit"]);
  return db().$transaction(async (tx) => {
    const [post] = await tx.$queryRaw<{ revision: number | null }[]>`
      SELECT (SELECT max(revision) FROM "PostRevision" r WHERE r."postId" = p.id) AS revision
      FROM "Post" p WHERE p.id = ${postId} AND p."ownerId" = ${principal.projectId} FOR UPDATE`;
    if (!post) throw notFound("Post not found");
    await tx.review.updateMany({ where: { postId, status: "open" }, data: { status: "outdated" } });
    const row = await tx.review.create({
      data: {
        id: randomId("rvw"),
        projectId: principal.projectId,
        kind: "post",
        postId,
        revision: post.revision ?? 0,
        requestedById: principal.actorId,
        note: options.note || null,
        createdAt: now,
      },
    });
    const review = toReview(row, await reviewPeople(tx, [row]));
    await enqueueReviewEvent(tx, { projectId: principal.projectId, project: principal.projectUsername, type: "review.requested", review, at: now });
    await recordAudit(tx, { action: "review.requested", target: { type: "review", id: review.id }, changes: { kind: "post", postId, revision: row.revision } });
    return review;
  });
}
