// An invitation link's token judged (TEAMS.md): unknown, used, revoked or replaced (a resend keeps
// only the new hash) → 410 "Invitation no longer valid"; past its 7 days → 410 "Invitation expired".
import type { Tx } from "../db";
import { db } from "../db";
import { isMemberRole, type MemberRole } from "../auth/roles";
import { hashInvitationToken } from "./invitation-token";
import { invitationExpired, invitationNoLongerValid } from "./member-errors";

export type UsableInvitation = {
  id: string;
  email: string;
  role: MemberRole;
  invitedById: string;
  project: { id: string; username: string; displayName: string | null };
};

export async function findUsableInvitation(token: string, client: Tx = db(), now = new Date()): Promise<UsableInvitation> {
  const row = await client.invitation.findUnique({
    where: { tokenHash: hashInvitationToken(token) },
    select: {
      id: true, email: true, role: true, invitedById: true, expiresAt: true, acceptedAt: true, revokedAt: true,
      project: { select: { id: true, username: true, displayName: true } },
    },
  });
  if (!row || row.acceptedAt || row.revokedAt || !isMemberRole(row.role)) throw invitationNoLongerValid();
  if (row.expiresAt.getTime() <= now.getTime()) throw invitationExpired();
  return { id: row.id, email: row.email, role: row.role, invitedById: row.invitedById, project: row.project };
}
