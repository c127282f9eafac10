// DELETE /api/members/invitations/:id: the link is dead at once (the row stays, revoked).
import { recordAudit } from "../audit/record-audit";
import type { Principal } from "../auth/principal";
import { isMemberRole } from "../auth/roles";
import { db } from "../db";
import { authorizeInviteRole } from "./create-invitation";
import { invitationNotFound } from "./member-errors";

type Caller = Pick<Principal, "projectId" | "role" | "actorId" | "kind">;

export async function revokeInvitation(principal: Caller, id: string, now = new Date()): Promise<void> {
  const row = await db().invitation.findFirst({ where: { id, projectId: principal.projectId, acceptedAt: null, revokedAt: null }, select: { role: true, email: true } });
  if (!row || !isMemberRole(row.role)) throw invitationNotFound();
  authorizeInviteRole(principal, row.role);
  // The revocation and its audit row together; one revoked meanwhile changes nothing and records nothing.
  await db().$transaction(async (tx) => {
    const { count } = await tx.invitation.updateMany({ where: { id, acceptedAt: null, revokedAt: null }, data: { revokedAt: now } });
    if (count > 0) await recordAudit(tx, { action: "invitation.revoked", target: { type: "invitation", id, name: row.email } });
  });
}
