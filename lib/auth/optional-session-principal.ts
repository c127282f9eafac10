// The signed-in user of a public page, if any (the owner's draft preview). Unlike requireAccount,
// a visitor without a (still valid) session is simply nobody: no redirect.
import type { Principal } from "./principal";
import { sessionAccount } from "./session-account";

export async function optionalSessionPrincipal(): Promise<Principal | null> {
  const account = await sessionAccount();
  if (!account) return null;
  return {
    kind: "session",
    userId: account.id,
    username: account.username,
    email: account.email,
    plan: account.plan,
    emailVerified: account.emailVerifiedAt !== null,
    scopes: null,
    keyId: null,
  };
}
