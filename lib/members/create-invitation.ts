// POST /api/members/invitations (TEAMS.md "Invitations"): one transaction locks the project's row
// (seat count), refuses members and pending invitations of the same address, writes the
// invitation (token hashed) and, with SMTP_URL set, its mail; the link is in the answer only.
import { recordAudit } from "../audit/record-audit";
import { authorize, notAllowedForRole } from "../auth/can";
import { EDITOR_INVITABLE_ROLES } from "../auth/permissions";
import type { Principal } from "../auth/principal";
import { atLeast, type MemberRole } from "../auth/roles";
import { db } from "../db";
import { env } from "../env";
import { enqueueMail } from "../mail/enqueue-mail";
import { sendMailsAfterResponse } from "../mail/send-mails-after-response";
import { invitationMail } from "./invitation-mail";
import { INVITATION_TTL_MS, invitationUrl, newInvitationToken } from "./invitation-token";
import { alreadyInvited, alreadyMember } from "./member-errors";
import { assertSeatAvailable } from "./seat-limit";

type Caller = Pick<Principal, "projectId" | "projectUsername" | "role" | "actorId" | "actorUsername" | "kind">;

export type CreatedInvitation = { id: string; email: string; role: MemberRole; status: "pending"; expiresAt: string; url: string };

/** Editors invite contributors and authors; admins and the owner any role but the owner. */
export function authorizeInviteRole(principal: Pick<Principal, "role" | "actorId" | "kind">, role: MemberRole): void {
  authorize(principal, "members.invite");
  if (!atLeast(principal.role, "admin") && !EDITOR_INVITABLE_ROLES.includes(role)) throw notAllowedForRole(principal.role);
}

export async function createInvitation(principal: Caller, input: { email: string; role: MemberRole }, now = new Date()): Promise<CreatedInvitation> {
  authorizeInviteRole(principal, input.role);
  const email = input.email.toLowerCase();
  const { token, tokenHash } = newInvitationToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const { id, mailId } = await db().$transaction(async (tx) => {
    if (input.role !== "viewer") await assertSeatAvailable(tx, principal.projectId);
    else await tx.$executeRaw`SELECT 1 FROM "User" WHERE id = ${principal.projectId} FOR UPDATE`;
    const account = await tx.user.findFirst({ where: { email: { equals: email, mode: "insensitive" } }, select: { id: true } });
    if (account && (account.id === principal.projectId || (await tx.membership.count({ where: { projectId: principal.projectId, userId: account.id } })) > 0)) {
      throw alreadyMember();
    }
    const pending = await tx.invitation.count({ where: { projectId: principal.projectId, email, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } } });
    if (pending > 0) throw alreadyInvited();
    // An expired invitation of the same address is replaced: its link stays dead.
    await tx.invitation.updateMany({ where: { projectId: principal.projectId, email, acceptedAt: null, revokedAt: null }, data: { revokedAt: now } });
    const row = await tx.invitation.create({
      data: { projectId: principal.projectId, email, role: input.role, tokenHash, expiresAt, invitedById: principal.actorId, createdAt: now },
      select: { id: true },
    });
    const mailId = env.smtpUrl
      ? await enqueueMail(tx, { ...invitationMail({ to: email, project: principal.projectUsername, invitedBy: principal.actorUsername, role: input.role, url: invitationUrl(token) }), userId: null })
      : null;
    await recordAudit(tx, { action: "invitation.created", target: { type: "invitation", id: row.id, name: email }, changes: { role: input.role } });
    return { id: row.id, mailId };
  });
  if (mailId) sendMailsAfterResponse([mailId]);
  return { id, email, role: input.role, status: "pending", expiresAt: expiresAt.toISOString(), url: invitationUrl(token) };
}
