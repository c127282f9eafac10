// The open label requests of one entry, for its dashboard page ("Review requested: production →
// v_4 by alice" under "Labels"). Read through the project index (projectId, createdAt): a project
// holds few reviews next to its entries, and the newest open ones are what the page shows.
import type { Principal } from "../auth/principal";
import { db } from "../db";
import type { Review } from "./review-input";
import { reviewPeople, toReview } from "./to-review";

export type LabelReview = Extract<Review, { kind: "label" }>;

/** At most this many; an entry with more open requests has a review queue to clear first. */
const SHOWN = 20;

export async function listEntryReviews(options: { principal: Pick<Principal, "projectId">; collectionId: string; entryId: string }): Promise<LabelReview[]> {
  const { principal, collectionId, entryId } = options;
  if (!principal.projectId) throw new Error("reviews: no principal");
  const rows = await db().review.findMany({
    where: { projectId: principal.projectId, kind: "label", status: "open", collectionSlug: collectionId, entryId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: SHOWN,
  });
  const people = await reviewPeople(db(), rows);
  return rows.map((row) => toReview(row, people) as LabelReview);
}
