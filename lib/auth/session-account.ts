// The account of the current request's next-auth session (server components, and route handlers
// that render pages), when the session is still valid: its sessionVersion must be the account's
// (ACCOUNTS.md: "Sign out everywhere", a password reset or change end sessions).
import { getServerSession } from "next-auth";
import { getAccount } from "../users/get-account";
import { authOptions } from "./auth-options";

export type SessionAccount = NonNullable<Awaited<ReturnType<typeof getAccount>>>;

export async function sessionAccount(): Promise<SessionAccount | null> {
  const session = await getServerSession(authOptions);
  const user = session?.user as { id?: string; sessionVersion?: number } | undefined;
  const account = user?.id ? await getAccount({ userId: user.id }) : null;
  if (!account || account.sessionVersion !== (user?.sessionVersion ?? 0)) return null;
  return account;
}
