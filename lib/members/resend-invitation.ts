// POST /api/members/invitations/:id/resend: a new token and 7 more days (the old link is dead at
// once: only the new hash is kept), mailed again with SMTP_URL set. An expired invitation comes
// back to pending, so it needs a seat again.
import { recordAudit } from "../audit/record-audit";
import type { Principal } from "../auth/principal";
import { isMemberRole } from "../auth/roles";
import { db } from "../db";
import { env } from "../env";
import { enqueueMail } from "../mail/enqueue-mail";
import { sendMailsAfterResponse } from "../mail/send-mails-after-response";
import { authorizeInviteRole, type CreatedInvitation } from "./create-invitation";
import { invitationMail } from "./invitation-mail";
import { INVITATION_TTL_MS, invitationUrl, newInvitationToken } from "./invitation-token";
import { invitationNotFound } from "./member-errors";
import { assertSeatAvailable } from "./seat-limit";

type Caller = Pick<Principal, "projectId" | "projectUsername" | "role" | "actorId" | "actorUsername" | "kind">;

export async function resendInvitation(principal: Caller, id: string, now = new Date()): Promise<CreatedInvitation> {
  const { token, tokenHash } = newInvitationToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const { row, mailId } = await db().$transaction(async (tx) => {
    const row = await tx.invitation.findFirst({ where: { id, projectId: principal.projectId, acceptedAt: null, revokedAt: null }, select: { id: true, email: true, role: true, expiresAt: true } });
    if (!row || !isMemberRole(row.role)) throw invitationNotFound();
    authorizeInviteRole(principal, row.role);
    if (row.expiresAt.getTime() <= now.getTime() && row.role !== "viewer") await assertSeatAvailable(tx, principal.projectId);
    await tx.invitation.update({ where: { id: row.id }, data: { tokenHash, expiresAt } });
    const mailId = env.smtpUrl
      ? await enqueueMail(tx, { ...invitationMail({ to: row.email, project: principal.projectUsername, invitedBy: principal.actorUsername, role: row.role, url: invitationUrl(token) }), userId: null })
      : null;
    await recordAudit(tx, { action: "invitation.resent", target: { type: "invitation", id: row.id, name: row.email } });
    return { row: { ...row, role: row.role }, mailId };
  });
  if (mailId) sendMailsAfterResponse([mailId]);
  return { id: row.id, email: row.email, role: row.role, status: "pending", expiresAt: expiresAt.toISOString(), url: invitationUrl(token) };
}
