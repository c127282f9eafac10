import type { NextRequest } from "next/server";
import { db } from "../db";
import type { Principal } from "./principal";
import { sessionClaims } from "./session-user-id";

/**
 * The session's user, re-read from the database so plan changes and deletions apply at once. A
 * session issued under an older sessionVersion (before "Sign out everywhere", a password reset or
 * a password change elsewhere) is no session.
 */
export async function authenticateSession(req: NextRequest): Promise<Principal | null> {
  const claims = await sessionClaims(req);
  if (!claims) return null;
  const user = await db().user.findUnique({
    where: { id: claims.userId },
    select: { id: true, username: true, email: true, plan: true, emailVerifiedAt: true, sessionVersion: true },
  });
  if (!user || user.sessionVersion !== claims.sessionVersion) return null;
  return {
    kind: "session",
    userId: user.id,
    username: user.username,
    email: user.email,
    plan: user.plan,
    emailVerified: user.emailVerifiedAt !== null,
    scopes: null,
    keyId: null,
  };
}
