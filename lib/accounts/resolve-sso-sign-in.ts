// What a single sign-on identity may do (ACCOUNTS.md "Single sign-on"), asked by next-auth's
// signIn callback (lib/auth/auth-options.ts) once the provider has answered:
// - an identity linked before signs in to its account;
// - else a verified address some account uses links the identity to that account and signs in;
// - else, with open registration or a pending invitation to that verified address, the person
//   chooses a username for a new account (complete-sso-sign-up.ts);
// - else (no verified address, nobody may make an account, or the deployment is not set up yet)
//   it is refused: /signin says
//   "No account uses this email address".
import { db } from "../db";
import { env } from "../env";
import { isUniqueViolation } from "../unique-violation";
import { hasAnyAccount } from "./has-any-account";
import { hasPendingInvitation } from "./has-pending-invitation";
import { linkSsoIdentity } from "./link-sso-identity";
import type { SsoIdentity, VerifiedSsoIdentity } from "./sso-identity";

export type SsoSignIn = { kind: "account"; userId: string } | { kind: "choose-username"; identity: VerifiedSsoIdentity } | { kind: "refused" };

export async function resolveSsoSignIn(identity: SsoIdentity): Promise<SsoSignIn> {
  const linked = await linkedUserId(identity);
  if (linked) return { kind: "account", userId: linked };
  const email = identity.verifiedEmail;
  if (!email) return { kind: "refused" };
  const user = await db().user.findUnique({ where: { email }, select: { id: true, emailVerifiedAt: true } });
  if (user) {
    try {
      await db().$transaction((tx) => linkSsoIdentity(tx, { userId: user.id, identity, emailVerified: user.emailVerifiedAt !== null }));
    } catch (err) {
      // The same identity's other sign-in linked it a moment ago.
      if (!isUniqueViolation(err)) throw err;
      const now = await linkedUserId(identity);
      if (!now) throw err;
      return { kind: "account", userId: now };
    }
    return { kind: "account", userId: user.id };
  }
  if (await mayMakeAccount(email)) return { kind: "choose-username", identity: { ...identity, verifiedEmail: email } };
  return { kind: "refused" };
}

/**
 * ACCOUNTS.md: open registration, or an invitation to that address. Never before the first run's
 * setup: the setup code is what keeps a stranger from claiming a fresh deployment, and a
 * provider's identity is no such proof.
 */
export async function mayMakeAccount(email: string): Promise<boolean> {
  if (!(await hasAnyAccount())) return false;
  return env.registration === "open" || (await hasPendingInvitation(email));
}

/** The account an identity was linked to, if any (also how the session learns its account). */
export async function linkedUserId(identity: Pick<SsoIdentity, "provider" | "providerAccountId">): Promise<string | null> {
  const link = await db().account.findUnique({
    where: { provider_providerAccountId: { provider: identity.provider, providerAccountId: identity.providerAccountId } },
    select: { userId: true },
  });
  return link?.userId ?? null;
}
