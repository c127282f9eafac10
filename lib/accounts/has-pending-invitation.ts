// ACCOUNTS.md "Single sign-on": an identity whose verified address no account uses may make a new
// account with open registration, or when an invitation to that address is pending (TEAMS.md): one
// neither accepted nor revoked nor expired, in any project. Joining still takes the link
// (`/invite/<token>`); this only lets the invited person make their account through their
// identity provider. Every caller (resolve-sso-sign-in.ts, complete-sso-sign-up.ts) asks here.
import { db } from "../db";

export async function hasPendingInvitation(email: string): Promise<boolean> {
  const found = await db().invitation.findFirst({
    where: { email: email.trim().toLowerCase(), acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    select: { id: true },
  });
  return found !== null;
}
