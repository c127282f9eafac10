// A signed-in account's principal in a project: its own (role `owner`), or one it is an active
// member of. Shared by the API's sessions (authenticate-session.ts), public pages and the
// dashboard (`?project=`), so all three answer "which project, which role" the same way.
import { db } from "../db";
import type { Principal } from "./principal";
import { projectNotFound } from "./requested-project";
import { isMemberRole } from "./roles";

export type SessionUser = {
  id: string;
  username: string;
  email: string;
  plan: Principal["plan"];
  emailVerifiedAt: Date | null;
};

/**
 * `project`: the username the request names, or null for the account's own. A project the account
 * does not belong to, or is suspended in, throws 404 "Project not found".
 */
export async function sessionPrincipalIn(user: SessionUser, project: string | null): Promise<Principal> {
  const actor = {
    kind: "session" as const,
    actorId: user.id,
    actorUsername: user.username,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    scopes: null,
    keyId: null,
    keyKind: null,
  };
  if (project === null || project === user.username) {
    return { ...actor, projectId: user.id, projectUsername: user.username, plan: user.plan, role: "owner" };
  }
  const membership = await db().membership.findFirst({
    where: { userId: user.id, status: "active", project: { username: project } },
    select: { role: true, project: { select: { id: true, username: true, plan: true } } },
  });
  if (!membership || !isMemberRole(membership.role)) throw projectNotFound();
  return { ...actor, projectId: membership.project.id, projectUsername: membership.project.username, plan: membership.project.plan, role: membership.role };
}
