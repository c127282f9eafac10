// GET  /api/auth/* – next-auth (csrf, session, providers, sign-out page)
// POST /api/auth/* – next-auth (callback/credentials sign-in, throttled per account and IP; sign-out)
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/auth-options";
import { nextAuthRoute } from "@/lib/auth/next-auth-route";

const handler = nextAuthRoute(NextAuth(authOptions));

export { handler as GET, handler as POST };
