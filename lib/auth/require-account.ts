// The signed-in author of a dashboard page, loaded once per request (the layout and the page
// share it through React's cache). No session, or a session whose user no longer exists, goes
// to the sign-in page with a way back.
import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { getAccount } from "../users/get-account";
import { authOptions } from "./auth-options";
import { DASHBOARD_PATH_HEADER } from "./dashboard-path";
import type { Principal } from "./principal";

export type DashboardAccount = NonNullable<Awaited<ReturnType<typeof getAccount>>>;

export const requireAccount = cache(async (): Promise<DashboardAccount> => {
  const session = await getServerSession(authOptions);
  const userId = (session?.user as { id?: string } | undefined)?.id;
  const account = userId ? await getAccount({ userId }) : null;
  if (!account) {
    const path = (await headers()).get(DASHBOARD_PATH_HEADER) ?? "/dashboard";
    redirect(`/signin?callbackUrl=${encodeURIComponent(path)}`);
  }
  return account;
});

/** The same principal the API builds for this session, for pages that call lib/<domain> functions. */
export function sessionPrincipal(account: DashboardAccount): Principal {
  return { kind: "session", userId: account.id, username: account.username, email: account.email, plan: account.plan, scopes: null, keyId: null };
}
