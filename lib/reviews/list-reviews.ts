// GET /api/reviews?status=&kind=&cursor=&limit=: both kinds, newest first, keyset-paged on
// (createdAt, id) so a page is one index range however many reviews came before it.
import type { Principal } from "../auth/principal";
import { db } from "../db";
import { ApiError } from "../http/api-error";
import type { Prisma } from "../generated/prisma/client";
import type { Review, ReviewListQuery } from "./review-input";
import { reviewPeople, toReview } from "./to-review";

const badCursor = () => new ApiError(400, { error: "Invalid cursor" });

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at);
  if (!id || Number.isNaN(createdAt.getTime())) throw badCursor();
  return { createdAt, id };
}

const encodeCursor = (row: { createdAt: Date; id: string }) => Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString("base64url");

export async function listReviews(options: { principal: Pick<Principal, "projectId">; query: ReviewListQuery }): Promise<{ data: Review[]; nextCursor: string | null }> {
  const { principal, query } = options;
  if (!principal.projectId) throw new Error("reviews: no principal");
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const where: Prisma.ReviewWhereInput = {
    projectId: principal.projectId,
    ...(query.status ? { status: query.status } : {}),
    ...(query.kind ? { kind: query.kind } : {}),
    ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
  };
  const rows = await db().review.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const people = await reviewPeople(db(), page);
  return { data: page.map((row) => toReview(row, people)), nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]) : null };
}

/** The open reviews a reviewer may decide (not their own requests), for the "Reviews" navigation item. */
export async function countOpenReviews(projectId: string, reviewerId: string): Promise<number> {
  return db().review.count({ where: { projectId, status: "open", requestedById: { not: reviewerId } } });
}

/**
 * Whether the project is a team's (a member besides the owner, or any review ever asked for): the
 * dashboard shows "Reviews" then. A project of one has nobody to review: the owner never reviews
 * their own request, so the item would only ever be an empty page.
 */
export async function projectHasReviews(projectId: string): Promise<boolean> {
  const [member, review] = await Promise.all([
    db().membership.findFirst({ where: { projectId }, select: { projectId: true } }),
    db().review.findFirst({ where: { projectId }, select: { id: true } }),
  ]);
  return member !== null || review !== null;
}
