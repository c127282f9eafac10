// review.requested and review.decided (`data`: the review itself, as GET /api/reviews/:id answers it), written to the outbox in the caller's
// transaction like every other event (lib/webhooks/enqueue-event.ts): a request or decision that
// rolls back leaves no event. Ordered per review.
import type { Prisma } from "../generated/prisma/client";
import type { SqlRunner } from "../db-sql";
import { enqueueEvent } from "../webhooks/enqueue-event";
import type { Review } from "./review-input";

export async function enqueueReviewEvent(
  tx: SqlRunner,
  options: { projectId: string; project: string; type: "review.requested" | "review.decided"; review: Review; at: Date },
): Promise<void> {
  await enqueueEvent(tx, {
    ownerId: options.projectId,
    project: options.project,
    type: options.type,
    orderingKey: `review:${options.review.id}`,
    data: options.review as unknown as Prisma.InputJsonObject,
    at: options.at,
  });
}
