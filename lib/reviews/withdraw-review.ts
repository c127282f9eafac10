// POST /api/reviews/:id/withdraw: the requester takes back an open request. Anyone else:
// 403 "Only the requester can withdraw". A request no longer open: 409 "Review is not open".
import { recordAudit } from "../audit/record-audit";
import type { Principal } from "../auth/principal";
import { db } from "../db";
import { ApiError } from "../http/api-error";
import { reviewNotFound } from "./get-review";
import type { Review } from "./review-input";
import { reviewPeople, toReview } from "./to-review";
import type { Review as ReviewRow } from "../generated/prisma/client";

export const reviewNotOpen = (status: string) => new ApiError(409, { error: "Review is not open", status });

export async function withdrawReview(options: { principal: Principal; id: string }): Promise<Review> {
  const { principal, id } = options;
  return db().$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<ReviewRow[]>`SELECT * FROM "Review" WHERE id = ${id} AND "projectId" = ${principal.projectId} FOR UPDATE`;
    if (!row) throw reviewNotFound();
    if (row.requestedById !== principal.actorId) throw new ApiError(403, { error: "Only the requester can withdraw" });
    if (row.status !== "open") throw reviewNotOpen(row.status);
    const updated = await tx.review.update({ where: { id }, data: { status: "withdrawn" } });
    await recordAudit(tx, { action: "review.withdrawn", target: { type: "review", id } });
    return toReview(updated, await reviewPeople(tx, [updated]));
  });
}
