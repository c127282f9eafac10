// POST /api/invitations/accept and the invitation's sign-up (TEAMS.md): the signed-in account (or
// the one just made) joins the project with the invited role, in one transaction with the
// invitation's use. The address must be the invited one (letter case ignored); accepting proves
// it, so the account counts as verified (ACCOUNTS.md "Sign-up").
import { recordAudit } from "../audit/record-audit";
import type { Tx } from "../db";
import { db } from "../db";
import type { MemberRole } from "../auth/roles";
import { findUsableInvitation } from "./find-invitation";
import { alreadyMember, invitationForAnotherEmail, invitationNoLongerValid } from "./member-errors";

export type AcceptedInvitation = { project: { username: string }; role: MemberRole };

export async function acceptInvitation(options: { token: string; userId: string }): Promise<AcceptedInvitation> {
  return db().$transaction((tx) => acceptInvitationIn(tx, options));
}

export async function acceptInvitationIn(tx: Tx, options: { token: string; userId: string }, now = new Date()): Promise<AcceptedInvitation> {
  const invitation = await findUsableInvitation(options.token, tx, now);
  const account = await tx.user.findUnique({ where: { id: options.userId }, select: { id: true, username: true, email: true, emailVerifiedAt: true } });
  if (!account) throw invitationNoLongerValid();
  if (account.email.toLowerCase() !== invitation.email.toLowerCase()) throw invitationForAnotherEmail();
  if (account.id === invitation.project.id) throw alreadyMember();
  // Used once: the conditional update is what makes two accepts at once take it only once.
  const used = await tx.invitation.updateMany({ where: { id: invitation.id, acceptedAt: null, revokedAt: null }, data: { acceptedAt: now } });
  if (used.count === 0) throw invitationNoLongerValid();
  const existing = await tx.membership.findUnique({ where: { projectId_userId: { projectId: invitation.project.id, userId: account.id } }, select: { id: true } });
  if (existing) throw alreadyMember();
  await tx.membership.create({
    data: { projectId: invitation.project.id, userId: account.id, role: invitation.role, invitedById: invitation.invitedById, joinedAt: now },
  });
  if (!account.emailVerifiedAt) await tx.user.update({ where: { id: account.id }, data: { emailVerifiedAt: now } });
  // In the inviting project's log, by the new member (signed in, or signing up with the link).
  await recordAudit(tx, {
    action: "member.joined",
    target: { type: "member", id: account.id, name: account.username },
    changes: { role: invitation.role, invitation: invitation.id },
    projectId: invitation.project.id,
    actor: { type: "user", id: account.id, username: account.username },
  });
  return { project: { username: invitation.project.username }, role: invitation.role };
}
