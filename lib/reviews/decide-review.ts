// POST /api/reviews/:id/decision (editor or above; never on one's own request). One transaction:
// the review row is locked and must still be open, so of two concurrent decisions the second
// waits, then finds it decided (409 Review is not open): two editors approving at once publish once.
// - A post: approval pins the post's newest revision (`approvedRevision`) and the post's
//   updatedAt at that moment; with `publish` or `publishAt` the post is published or scheduled by
//   the PATCH's own write (lib/posts/write-post-update.ts: revision, post.published, announcement)
//   in the same transaction, and the pin is the post as published. Any later edit moves updatedAt
//   and so voids the approval (lib/reviews/require-approved-revision.ts).
// - A label: approval points the label at `toVersion` under the entry's lock if it still points at
//   `fromVersion`; otherwise the request becomes `outdated` (committed) and the answer is
//   409 Label moved since the request.
import { recordAudit } from "../audit/record-audit";
import type { Principal } from "../auth/principal";
import { lockCollectionEntry } from "../collections/lock-collection-entry";
import { moveLockedLabel } from "../collections/move-locked-label";
import { ownerOf } from "../collections/owner";
import { runLastStatement } from "../db-sql";
import { db } from "../db";
import { ApiError, notFound } from "../http/api-error";
import { postCacheTags } from "../cache/post-cache-tags";
import { purgeAfterResponse } from "../cache/purge-after-response";
import type { Review as ReviewRow } from "../generated/prisma/client";
import type { UpdatePostInput } from "../posts/post-input";
import { revisionActorOf } from "../posts/revision-actor";
import { writePostUpdate } from "../posts/write-post-update";
import { reviewNotFound } from "./get-review";
import { enqueueReviewEvent } from "./review-event";
import type { Review, ReviewDecisionInput } from "./review-input";
import { reviewPeople, toReview } from "./to-review";
import { reviewNotOpen } from "./withdraw-review";

export const ownRequest = () => new ApiError(403, { error: "You cannot review your own request" });
const labelMoved = () => new ApiError(409, { error: "Label moved since the request" });

type Decided = { review: Review; outdated: boolean; purgePost: string | null };

export async function decideReview(options: { principal: Principal; id: string; input: ReviewDecisionInput; now?: Date }): Promise<Review> {
  const { principal, id, input } = options;
  const now = options.now ?? new Date();
  const decided = await db().$transaction(async (tx): Promise<Decided> => {
    const [row] = await tx.$queryRaw<ReviewRow[]>`SELECT * FROM "Review" WHERE id = ${id} AND "projectId" = ${principal.projectId} FOR UPDATE`;
    if (!row) throw reviewNotFound();
    if (row.requestedById === principal.actorId) throw ownRequest();
    if (row.status !== "open") throw reviewNotOpen(row.status);
    const decision = { decidedById: principal.actorId, decidedAt: now, decisionNote: input.note || null };
    let purgePost: string | null = null;
    let data: Partial<ReviewRow>;

    if (input.decision === "request_changes") {
      data = { status: "changes_requested", ...decision };
    } else if (row.kind === "post") {
      const lockPost = () => tx.$queryRaw<{ updatedAt: Date; revision: number | null }[]>`
        SELECT p."updatedAt", (SELECT max(revision) FROM "PostRevision" r WHERE r."postId" = p.id) AS revision
        FROM "Post" p WHERE p.id = ${row.postId} AND p."ownerId" = ${principal.projectId} FOR UPDATE`;
      const [post] = await lockPost();
      if (!post) throw notFound("Post not found");
      let pinnedAt = post.updatedAt;
      if (input.publish || input.publishAt) {
        const publish = { status: "published", ...(input.publishAt ? { publishedAt: input.publishAt } : {}) } as UpdatePostInput;
        const owner = { id: principal.projectId, username: principal.projectUsername };
        const updated = await runLastStatement(tx, await writePostUpdate(tx, { owner, id: row.postId!, input: publish, actor: revisionActorOf(principal), now, events: true }));
        if (updated.changed && updated.public) purgePost = row.postId;
        pinnedAt = updated.updatedAt;
      }
      data = { status: "approved", approvedRevision: post.revision ?? 0, approvedUpdatedAt: pinnedAt, ...decision };
    } else {
      const { collection, entry } = await lockCollectionEntry(tx, { ownerId: principal.projectId, slug: row.collectionSlug!, entryId: row.entryId! });
      const [label] = await tx.$queryRaw<{ version: number }[]>`SELECT version FROM "EntryLabel" WHERE "entryId" = ${entry.id} AND name = ${row.label}`;
      if ((label?.version ?? null) !== row.fromVersion) {
        const outdated = await tx.review.update({ where: { id }, data: { status: "outdated" } });
        return { review: toReview(outdated, await reviewPeople(tx, [outdated])), outdated: true, purgePost: null };
      }
      const owner = ownerOf(principal);
      await runLastStatement(tx, moveLockedLabel({ owner, collection, entry, name: row.label!, version: row.toVersion!, meta: null }));
      data = { status: "approved", ...decision };
    }

    const updated = await tx.review.update({ where: { id }, data });
    const review = toReview(updated, await reviewPeople(tx, [updated]));
    await enqueueReviewEvent(tx, { projectId: principal.projectId, project: principal.projectUsername, type: "review.decided", review, at: now });
    await recordAudit(tx, { action: "review.decided", target: { type: "review", id: review.id }, changes: { status: review.status, published: purgePost !== null } });
    return { review, outdated: false, purgePost };
  });
  // The outdated mark is committed; the caller learns why nothing moved.
  if (decided.outdated) throw labelMoved();
  const postId = decided.purgePost;
  if (postId) purgeAfterResponse("post published by review", async () => postCacheTags([postId]));
  return decided.review;
}
