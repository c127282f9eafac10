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

/**
 * The dashboard's "Reviews" navigation item, in one statement (every dashboard page asks):
 * `team`, whether the project is a team's (a member besides the owner, or any review ever asked
 * for) — a project of one has nobody to review, so it shows no item; `open`, the open requests a
 * reviewer may decide (not their own), or 0 when `reviewerId` is null (not a reviewer).
 */
export async function reviewNavigation(projectId: string, reviewerId: string | null): Promise<{ team: boolean; open: number }> {
  const [row] = await db().$queryRaw<{ team: boolean; open: number }[]>`
    SELECT EXISTS (SELECT 1 FROM "Membership" WHERE "projectId" = ${projectId})
             OR EXISTS (SELECT 1 FROM "Review" WHERE "projectId" = ${projectId}) AS team,
           CASE WHEN ${reviewerId}::text IS NULL THEN 0
                ELSE (SELECT count(*)::int FROM "Review" WHERE "projectId" = ${projectId} AND status = 'open' AND "requestedById" <> ${reviewerId}::text) END AS open`;
  return { team: row.team, open: Number(row.open) };
}
