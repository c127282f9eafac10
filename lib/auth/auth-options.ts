// next-auth (v4) configuration: the credentials provider, id `credentials`, fields `email` and
// `password` (DECISIONS §2), and the single sign-on providers the environment configures
// (sso-providers.ts; ACCOUNTS.md "Single sign-on": ids `oidc` and `github`). Credentials sign-in requires JWT sessions, so sessions are signed
// cookies and need no table; they are made revocable by the account's sessionVersion, carried in
// the token (ACCOUNTS.md: "Sign out everywhere", password reset and change end sessions).
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { cookies, headers } from "next/headers";
import { resolveSsoSignIn } from "../accounts/resolve-sso-sign-in";
import { ssoSessionAccount } from "../accounts/sso-session-account";
import { env } from "../env";
import { gitHubProviderConfig } from "./github-provider-config";
import { oidcProviderConfig } from "./oidc-provider-config";
import { PENDING_SSO_MAX_AGE_S, PENDING_SSO_COOKIE, sealPendingSsoIdentity } from "./pending-sso-identity";
import { usesSecureCookies } from "./secure-cookies";
import { verifiedEmailOf } from "./sso-claims";
import { isConfiguredSsoProvider } from "./sso-providers";
import { currentSessionVersion } from "../users/current-session-version";
import { verifyCredentials } from "../users/verify-credentials";

const credentials = CredentialsProvider({
  id: "credentials",
  name: "Email and password",
  credentials: {
    email: { label: "Email", type: "email" },
    password: { label: "Password", type: "password" },
  },
  async authorize(credentials) {
    if (!credentials?.email || !credentials.password) return null;
    return verifyCredentials(credentials.email, credentials.password);
  },
});

export const authOptions: NextAuthOptions = {
  // Read at request time: the launcher passes AUTH_SECRET (generated under DATA_DIR in embedded mode).
  get secret() {
    return env.authSecret;
  },
  // next-auth runs `options.secret ??= NEXTAUTH_SECRET ?? AUTH_SECRET` on every request. With a
  // getter alone that assignment threw "Cannot set property secret of #<Object> which has only a
  // getter" (a bare 500 on every /api/auth call) whenever no secret was set; env.authSecret
  // already reads both variables, so there is nothing to keep. A production server without a
  // secret does not start at all (lib/env-check.ts).
  set secret(_ignored: string | undefined) {},
  session: { strategy: "jwt", maxAge: 30 * 24 * 60 * 60 },
  // Every error (a provider that refused, a callback that failed) ends on /signin?error=…, which
  // says it in words, rather than on next-auth's own error page.
  pages: { signIn: "/signin", error: "/signin" },
  // Read at request time, like the secret: which providers exist is the environment's.
  get providers() {
    const oidc = env.oidc;
    const github = env.github;
    return [credentials, ...(oidc ? [oidcProviderConfig(oidc)] : []), ...(github ? [gitHubProviderConfig(github)] : [])];
  },
  callbacks: {
    // Single sign-on (lib/accounts/resolve-sso-sign-in.ts): an identity signs in to its linked
    // account or the one its verified address names; else it may choose a username for a new
    // account (the identity waits in an encrypted cookie, pending-sso-identity.ts); else /signin
    // says "No account uses this email address". next-auth redirects to a string returned here.
    async signIn({ account, profile, user }) {
      if (!account || account.type === "credentials") return true;
      if (!isConfiguredSsoProvider(account.provider)) return false;
      const decision = await resolveSsoSignIn({
        provider: account.provider,
        providerAccountId: account.providerAccountId,
        verifiedEmail: verifiedEmailOf(profile as Record<string, unknown> | undefined),
        name: user.name ?? null,
      });
      if (decision.kind === "account") return true;
      if (decision.kind === "refused") return "/signin?error=NoAccount";
      const secure = usesSecureCookies(new Headers(await headers()));
      (await cookies()).set(PENDING_SSO_COOKIE, await sealPendingSsoIdentity(decision.identity), { httpOnly: true, sameSite: "lax", path: "/", maxAge: PENDING_SSO_MAX_AGE_S, secure });
      return "/choose-username";
    },
    // The JWT carries the account's sessionVersion (`sv`) from sign-in on; a session whose version
    // is not the account's current one is refused (lib/auth/authenticate-session.ts, the
    // dashboard's requireAccount). A provider whose user lacks the version (single sign-on) has
    // it read from the database.
    async jwt({ token, user, account }) {
      // A provider's user carries the provider's id for the person: the session is the linked account's.
      if (account && account.type !== "credentials" && isConfiguredSsoProvider(account.provider)) {
        const linked = await ssoSessionAccount({ provider: account.provider, providerAccountId: account.providerAccountId });
        if (!linked) throw new Error("The identity is linked to no account");
        return { sub: linked.id, name: linked.displayName ?? linked.username, email: linked.email, sv: linked.sessionVersion };
      }
      if (user) {
        const version = (user as { sessionVersion?: unknown }).sessionVersion;
        token.sv = typeof version === "number" ? version : await currentSessionVersion(token.sub ?? user.id);
      }
      return token;
    },
    async session({ session, token }) {
      if (session.user && token.sub) {
        const user = session.user as { id?: string; sessionVersion?: number };
        user.id = token.sub;
        user.sessionVersion = typeof token.sv === "number" ? token.sv : 0;
      }
      return session;
    },
  },
};
