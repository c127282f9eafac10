// next-auth (v4) configuration: one credentials provider, id `credentials`, fields `email` and
// `password` (DECISIONS §2). Credentials sign-in requires JWT sessions, so sessions are signed
// cookies and need no table; they are made revocable by the account's sessionVersion, carried in
// the token (ACCOUNTS.md: "Sign out everywhere", password reset and change end sessions).
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { env } from "../env";
import { currentSessionVersion } from "../users/current-session-version";
import { verifyCredentials } from "../users/verify-credentials";

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
  pages: { signIn: "/signin" },
  providers: [
    CredentialsProvider({
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
    }),
  ],
  callbacks: {
    // The JWT carries the account's sessionVersion (`sv`) from sign-in on; a session whose version
    // is not the account's current one is refused (lib/auth/authenticate-session.ts, the
    // dashboard's requireAccount). A provider whose user lacks the version (single sign-on) has
    // it read from the database.
    async jwt({ token, user }) {
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
