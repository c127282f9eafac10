// The projects an account belongs to (GET /api/me `projects`, the dashboard's project switcher):
// its own first, then those it is an active member of, by name.
import { db } from "../db";
import type { Role } from "../auth/roles";
import { isMemberRole } from "../auth/roles";

export type ProjectListing = { username: string; displayName: string | null; role: Role };

export async function listProjects(userId: string): Promise<ProjectListing[]> {
  const [own, memberships] = await Promise.all([
    db().user.findUnique({ where: { id: userId }, select: { username: true, displayName: true } }),
    db().membership.findMany({
      where: { userId, status: "active" },
      select: { role: true, project: { select: { username: true, displayName: true } } },
      orderBy: { project: { username: "asc" } },
    }),
  ]);
  const others = memberships.flatMap((m) => (isMemberRole(m.role) ? [{ username: m.project.username, displayName: m.project.displayName, role: m.role }] : []));
  return own ? [{ username: own.username, displayName: own.displayName, role: "owner" }, ...others] : others;
}
