import type { NextRequest } from "next/server";
import { db } from "../db";
import type { Principal } from "./principal";
import { requestedProject } from "./requested-project";
import { sessionClaims } from "./session-user-id";
import { sessionPrincipalIn } from "./session-principal";

/**
 * The session's user, re-read from the database so plan changes and deletions apply at once, in
 * the project the request names (TEAMS.md; 404 "Project not found" when not a member). A session
 * issued under an older sessionVersion (before "Sign out everywhere", a password reset or a
 * password change elsewhere) is no session.
 */
export async function authenticateSession(req: NextRequest): Promise<Principal | null> {
  const claims = await sessionClaims(req);
  if (!claims) return null;
  const user = await db().user.findUnique({
    where: { id: claims.userId },
    select: { id: true, username: true, email: true, plan: true, emailVerifiedAt: true, sessionVersion: true },
  });
  if (!user || user.sessionVersion !== claims.sessionVersion) return null;
  return sessionPrincipalIn(user, requestedProject(req));
}
