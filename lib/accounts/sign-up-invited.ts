// Sign-up through an invitation link (TEAMS.md "Invitations", ACCOUNTS.md "Sign-up"): works even
// with REGISTRATION=invite, only for the invited address, and counts as verifying it. The account
// and its membership are made in one transaction with the invitation's use; no verification mail.
import { db } from "../db";
import { conflict } from "../http/api-error";
import { hashPassword } from "../auth/password";
import { acceptInvitationIn } from "../members/accept-invitation";
import { findUsableInvitation } from "../members/find-invitation";
import { invitationForAnotherEmail } from "../members/member-errors";
import { isUniqueViolation } from "../unique-violation";
import { countSignUp } from "./sign-up-throttle";

export async function signUpInvited(input: { username: string; email: string; password: string; invitation: string }, ip: string) {
  // Judged before the throttle and the slow hash: a dead link answers 410 at once.
  const invitation = await findUsableInvitation(input.invitation);
  if (invitation.email.toLowerCase() !== input.email.toLowerCase()) throw invitationForAnotherEmail();
  await countSignUp(ip);
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await db().$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { username: input.username, email: input.email, passwordHash, plan: "free", emailVerifiedAt: new Date() },
        select: { id: true, username: true, email: true },
      });
      await acceptInvitationIn(tx, { token: input.invitation, userId: user.id });
      return user;
    });
    return { id: user.id, username: user.username, email: user.email, plan: "free" as const, emailVerified: true };
  } catch (err) {
    if (isUniqueViolation(err, "username")) throw conflict({ error: "Username taken" });
    if (isUniqueViolation(err, "email")) throw conflict({ error: "Email already registered" });
    throw err;
  }
}
