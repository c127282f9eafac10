// POST /api/account/sso-signup (ACCOUNTS.md "Single sign-on"): "Choose a username" for an identity
// whose verified address no account uses (resolve-sso-sign-in.ts sent it here). The new account
// is `free`, its address counts as verified, it has no password until one is set through a reset
// link, and the identity is linked to it, in one transaction. Order: no identity waiting (400) →
// input (400) → still allowed to make an account (403, registration may have closed meanwhile) →
// the per-IP sign-up throttle (429) → the account (409 for a taken username, or an address that
// got an account meanwhile).
import { db } from "../db";
import { ApiError, conflict } from "../http/api-error";
import { parseOrThrow } from "../http/parse-input";
import { isUniqueViolation } from "../unique-violation";
import { ssoSignUpInputSchema } from "./account-input";
import { linkSsoIdentity } from "./link-sso-identity";
import { mayMakeAccount } from "./resolve-sso-sign-in";
import { countSignUp } from "./sign-up-throttle";
import type { VerifiedSsoIdentity } from "./sso-identity";

export const NO_ACCOUNT_FOR_EMAIL = "No account uses this email address";
export const noSsoInProgress = () => new ApiError(400, { error: "No single sign-on in progress" });

export async function completeSsoSignUp(options: { identity: VerifiedSsoIdentity | null; body: unknown; ip: string }) {
  const { identity } = options;
  if (!identity) throw noSsoInProgress();
  const input = parseOrThrow(ssoSignUpInputSchema, options.body);
  if (!(await mayMakeAccount(identity.verifiedEmail))) throw new ApiError(403, { error: NO_ACCOUNT_FOR_EMAIL });
  await countSignUp(options.ip);
  try {
    const user = await db().$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          username: input.username,
          email: identity.verifiedEmail,
          passwordHash: null,
          plan: "free",
          emailVerifiedAt: new Date(),
          displayName: identity.name?.slice(0, 100) ?? null,
        },
        select: { id: true, username: true, email: true, displayName: true, sessionVersion: true },
      });
      await linkSsoIdentity(tx, { userId: user.id, identity, emailVerified: true });
      return user;
    });
    return { account: { id: user.id, username: user.username, email: user.email, plan: "free" as const, emailVerified: true as const }, session: user };
  } catch (err) {
    if (isUniqueViolation(err, "username")) throw conflict({ error: "Username taken" });
    if (isUniqueViolation(err, "email")) throw conflict({ error: "Email already registered" });
    // The identity was linked meanwhile (the same sign-up sent twice): it signs in now.
    if (isUniqueViolation(err)) throw conflict({ error: "Already signed up: sign in again" });
    throw err;
  }
}
