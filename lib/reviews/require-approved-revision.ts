// TEAMS.md note ¹: where the project requires review, a role that may publish only its own posts
// (an author) publishes only an approved revision: an approved review of the post whose pin
// (the post's updatedAt when approved) is still the post's updatedAt, so any edit since voids it.
// The publishing write itself must change nothing else: a publish that also edits would publish
// what nobody approved. Roles with `review.bypass` (editor and above) skip the read. The PATCH's
// check runs inside the update's transaction, after the post row is locked (approvedRevisionGuard).
import { can } from "../auth/can";
import type { Principal } from "../auth/principal";
import { db } from "../db";
import type { SqlRunner } from "../db-sql";
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

/**
 * The check of a PATCH that publishes, for the update to run under its lock on the post row
 * (lib/posts/write-post-update.ts `guard`): the check and the publish then see the same row. Run
 * before the update's transaction, an edit committed in between would be published unapproved.
 * Throws 403 Review required unless the post's current state was approved; the refusal rolls the
 * transaction back, so nothing changes. Undefined for roles review never holds.
 */
export function approvedRevisionGuard(principal: Caller, postId: string, input: Record<string, unknown>): ((tx: SqlRunner) => Promise<void>) | undefined {
  if (can(principal, "review.bypass")) return undefined;
  const edits = Object.keys(input).some((field) => input[field] !== undefined && !PUBLISH_FIELDS.has(field));
  return async (tx) => {
    // The project's setting and the approval in one read; the post's updatedAt is the locked row's.
    const [row] = await tx.$queryRaw<{ required: boolean; approved: boolean }[]>`
      SELECT u."reviewRequired" AS required, EXISTS (
        SELECT 1 FROM "Review" r JOIN "Post" p ON p.id = r."postId"
        WHERE r."postId" = ${postId} AND r."projectId" = ${principal.projectId} AND r.status = 'approved' AND r."approvedUpdatedAt" = p."updatedAt"
      ) AS approved
      FROM "User" u WHERE u.id = ${principal.projectId}`;
    if (row?.required && (edits || !row.approved)) throw reviewRequired();
  };
}
