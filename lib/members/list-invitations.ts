// GET /api/members/invitations: pending and expired invitations, newest first (accepted and
// revoked ones leave the list). Never a token: the link is shown only when it is made.
import { db } from "../db";
import { isMemberRole, type MemberRole } from "../auth/roles";

export type InvitationView = {
  id: string;
  email: string;
  role: MemberRole;
  status: "pending" | "expired";
  invitedBy: { id: string; username: string };
  expiresAt: string;
};

export async function listInvitations(projectId: string, now = new Date()): Promise<InvitationView[]> {
  const rows = await db().invitation.findMany({
    where: { projectId, acceptedAt: null, revokedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, email: true, role: true, expiresAt: true, invitedBy: { select: { id: true, username: true } } },
  });
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: isMemberRole(row.role) ? row.role : "viewer",
    status: row.expiresAt.getTime() > now.getTime() ? "pending" : "expired",
    invitedBy: row.invitedBy,
    expiresAt: row.expiresAt.toISOString(),
  }));
}
