// The signed-in author of a dashboard page, loaded once per request (the layout and the page
// share it through React's cache). No session, a session whose user no longer exists, or one
// that was ended (its sessionVersion is not the account's: "Sign out everywhere", a password
// reset or change) goes to the sign-in page with a way back; while no account exists at all, to
// /setup (ACCOUNTS.md "First run").
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { hasAnyAccount } from "../accounts/has-any-account";
import { DASHBOARD_PATH_HEADER } from "./dashboard-path";
import type { Principal } from "./principal";
import { sessionAccount, type SessionAccount } from "./session-account";

export type DashboardAccount = SessionAccount;

/** The session's account when the session is still valid, else null (once per render). */
export const currentSessionAccount = cache(sessionAccount);

export const requireAccount = cache(async (): Promise<DashboardAccount> => {
  const account = await currentSessionAccount();
  if (!account) {
    if (!(await hasAnyAccount())) redirect("/setup");
    const path = (await headers()).get(DASHBOARD_PATH_HEADER) ?? "/dashboard";
    redirect(`/signin?callbackUrl=${encodeURIComponent(path)}`);
  }
  return account;
});

/**
 * The same principal the API builds for this session in its own project (role `owner`), for pages
 * that call lib/<domain> functions. Another project (`?project=`): sessionPrincipalIn
 * (lib/auth/session-principal.ts), which checks the membership.
 */
export function sessionPrincipal(account: SessionAccount): Principal {
  return {
    kind: "session",
    projectId: account.id,
    projectUsername: account.username,
    plan: account.plan,
    role: "owner",
    actorId: account.id,
    actorUsername: account.username,
    email: account.email,
    emailVerified: account.emailVerifiedAt !== null,
    scopes: null,
    keyId: null,
    keyKind: null,
  };
}
