// TEAMS.md note ¹: where the project requires review, a role that may publish only its own posts
// (an author) publishes only an approved revision: an approved review of the post whose pin
// (the post's updatedAt when approved) is still the post's updatedAt, so any edit since voids it.
// The publishing write itself must change nothing else: a publish that also edits would publish
// what nobody approved. Roles with `review.bypass` (editor and above) skip the read.
import { can } from "../auth/can";
import type { Principal } from "../auth/principal";
import { db } from "../db";
import { ApiError } from "../http/api-error";

export const reviewRequired = () => new ApiError(403, { error: "Review required" });

/** The fields of a post write that only publish (status, date, visibility). */
const PUBLISH_FIELDS = new Set(["status", "publishedAt", "visibility"]);

type Caller = Pick<Principal, "projectId" | "role" | "actorId" | "kind">;

/** Whether the project asks for review before an author publishes. */
export async function reviewApplies(principal: Caller): Promise<boolean> {
  if (can(principal, "review.bypass")) return false;
  const project = await db().user.findUnique({ where: { id: principal.projectId }, select: { reviewRequired: true } });
  return project?.reviewRequired === true;
}

/** Throws 403 Review required unless the post's current state was approved (a PATCH that publishes). */
export async function requireApprovedRevision(principal: Caller, postId: string, input: Record<string, unknown>): Promise<void> {
  if (!(await reviewApplies(principal))) return;
  const edits = Object.keys(input).some((field) => input[field] !== undefined && !PUBLISH_FIELDS.has(field));
  if (edits) throw reviewRequired();
  const [approved] = await db().$queryRaw<{ ok: boolean }[]>`
    SELECT true AS ok FROM "Review" r JOIN "Post" p ON p.id = r."postId"
    WHERE r."postId" = ${postId} AND r."projectId" = ${principal.projectId} AND r.status = 'approved' AND r."approvedUpdatedAt" = p."updatedAt"
    LIMIT 1`;
  if (!approved) throw reviewRequired();
}
