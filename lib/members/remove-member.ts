// DELETE /api/members/:userId?reassignTo= and DELETE /api/members/me (TEAMS.md "Removing a
// member loses nothing"), in one transaction:
// - their { userId } co-author entries on the project's posts become external entries with their
//   display name and username, so bylines read the same;
// - posts they created get `reassignTo` (default the owner) as `createdBy`;
// - their personal keys in the project are revoked, and their open review requests withdrawn;
// - the membership goes. Revisions and label history keep their ids (and so their names).
import { recordAudit } from "../audit/record-audit";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/can";
import { db } from "../db";
import { badRequest } from "../http/api-error";
import { memberNotFound, ownerCannotBeChanged } from "./member-errors";

type Caller = Pick<Principal, "projectId" | "role" | "actorId" | "kind">;

/** `userId` "me": the caller leaves (a removal with the owner as reassignTo). */
export async function removeMember(principal: Caller, userId: string, options: { reassignTo?: string } = {}, now = new Date()): Promise<void> {
  const leaving = userId === "me" || userId === principal.actorId;
  const target = userId === "me" ? principal.actorId : userId;
  if (target === principal.projectId) throw ownerCannotBeChanged();
  if (!leaving) authorize(principal, "members.manage");
  const reassignTo = leaving ? principal.projectId : (options.reassignTo ?? principal.projectId);
  if (reassignTo === target) throw badRequest("Invalid input", { issues: [{ path: ["reassignTo"], message: "Give their posts to someone else" }] });
  await db().$transaction(async (tx) => {
    const member = await tx.membership.findUnique({
      where: { projectId_userId: { projectId: principal.projectId, userId: target } },
      select: { id: true, user: { select: { username: true, displayName: true } } },
    });
    if (!member) throw memberNotFound();
    if (reassignTo !== principal.projectId) {
      const heir = await tx.membership.count({ where: { projectId: principal.projectId, userId: reassignTo, status: "active" } });
      if (heir === 0) throw badRequest("Invalid input", { issues: [{ path: ["reassignTo"], message: "Not an active member of this project" }] });
    }
    await tx.postCoauthor.updateMany({
      where: { userId: target, post: { ownerId: principal.projectId } },
      data: { userId: null, showOnBlog: false, externalName: member.user.displayName ?? member.user.username, externalHandle: member.user.username },
    });
    await tx.post.updateMany({ where: { ownerId: principal.projectId, createdById: target }, data: { createdById: reassignTo } });
    await tx.apiKey.updateMany({ where: { userId: principal.projectId, kind: "personal", createdById: target, revokedAt: null }, data: { revokedAt: now } });
    // TEAMS.md: their open review requests are withdrawn (lib/reviews).
    await tx.review.updateMany({ where: { projectId: principal.projectId, requestedById: target, status: "open" }, data: { status: "withdrawn" } });
    await tx.membership.delete({ where: { id: member.id } });
    await recordAudit(tx, { action: "member.removed", target: { type: "member", id: target, name: member.user.username }, changes: { reassignTo } });
  });
}
