// The account a single sign-on session belongs to, with what its JWT carries (lib/auth/auth-options.ts):
// found through the identity's link, which resolve-sso-sign-in.ts made or found a moment before.
import { db } from "../db";
import type { SsoIdentity } from "./sso-identity";

export async function ssoSessionAccount(identity: Pick<SsoIdentity, "provider" | "providerAccountId">) {
  const link = await db().account.findUnique({
    where: { provider_providerAccountId: { provider: identity.provider, providerAccountId: identity.providerAccountId } },
    select: { user: { select: { id: true, username: true, email: true, displayName: true, sessionVersion: true } } },
  });
  return link?.user ?? null;
}
