// Links an identity to an account (next-auth's Account table, without the provider's tokens:
// Inkbase never calls the provider after sign-in, so it keeps none). Later sign-ins with that
// identity find the account through the link, even after the account's address changes.
//
// An account whose address was never verified (a password sign-up) could have been made by
// someone else with this person's address, waiting for them to sign in through their provider
// (the "pre-hijacked account"). The provider's verified address proves whose account it is, so
// linking marks it verified and removes the password and every session the other party may
// hold; the owner sets a password through a reset link if they want one.
import type { Prisma } from "../generated/prisma/client";
import type { SsoIdentity } from "./sso-identity";

type Tx = Prisma.TransactionClient;

export async function linkSsoIdentity(tx: Tx, options: { userId: string; identity: SsoIdentity; emailVerified: boolean }): Promise<void> {
  await tx.account.create({
    data: { userId: options.userId, type: "oauth", provider: options.identity.provider, providerAccountId: options.identity.providerAccountId },
  });
  if (!options.emailVerified) {
    await tx.user.update({
      where: { id: options.userId },
      data: { emailVerifiedAt: new Date(), passwordHash: null, sessionVersion: { increment: 1 } },
    });
  }
}
