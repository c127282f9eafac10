// The signed-in user of a public page, if any (the owner's draft preview). Unlike requireAccount,
// a visitor without a session is simply nobody: no redirect.
import { getServerSession } from "next-auth";
import { getAccount } from "../users/get-account";
import { authOptions } from "./auth-options";
import type { Principal } from "./principal";

export async function optionalSessionPrincipal(): Promise<Principal | null> {
  const session = await getServerSession(authOptions);
  const userId = (session?.user as { id?: string } | undefined)?.id;
  const account = userId ? await getAccount({ userId }) : null;
  if (!account) return null;
  return { kind: "session", userId: account.id, username: account.username, email: account.email, plan: account.plan, scopes: null, keyId: null };
}
