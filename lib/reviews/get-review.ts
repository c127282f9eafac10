// GET /api/reviews/:id: one review of the current project; another project's is 404 like a missing one.
import type { Principal } from "../auth/principal";
import { db } from "../db";
import { notFound } from "../http/api-error";
import type { Review } from "./review-input";
import { reviewPeople, toReview } from "./to-review";

export const reviewNotFound = () => notFound("Review not found");

export async function getReview(options: { principal: Pick<Principal, "projectId">; id: string }): Promise<Review> {
  const row = await db().review.findFirst({ where: { id: options.id, projectId: options.principal.projectId } });
  if (!row) throw reviewNotFound();
  return toReview(row, await reviewPeople(db(), [row]));
}
