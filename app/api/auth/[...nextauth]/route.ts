// GET  /api/auth/* – next-auth (csrf, session, providers, sign-out page)
// POST /api/auth/* – next-auth (callback/credentials sign-in, sign-out)
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/auth-options";

const handler = NextAuth(authOptions);

export { handler as GET, handler as POST };
