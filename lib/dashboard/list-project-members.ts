// The Members page's two lists (TEAMS.md "Members", "Invitations"), read the way GET
// /api/members and GET /api/members/invitations answer: the owner first, then the members by
// when they joined; invitations still pending or expired (accepted and revoked ones leave the
// list), newest first.
import { db } from "../db";

export type ProjectMember = {
  userId: string;
  username: string;
  displayName: string | null;
  email: string;
  role: string;
  status: "active" | "suspended";
  joinedAt: string | null;
};

export type PendingInvitation = {
  id: string;
  email: string;
  role: string;
  status: "pending" | "expired";
  invitedBy: { id: string; username: string };
  expiresAt: string;
};

export async function listProjectMembers(options: { projectId: string }): Promise<ProjectMember[]> {
  if (!options.projectId) throw new Error("listProjectMembers needs a project");
  const [owner, memberships] = await Promise.all([
    db().user.findUniqueOrThrow({ where: { id: options.projectId }, select: { id: true, username: true, displayName: true, email: true, createdAt: true } }),
    db().membership.findMany({
      where: { projectId: options.projectId },
      orderBy: [{ joinedAt: "asc" }, { id: "asc" }],
      select: { role: true, status: true, joinedAt: true, user: { select: { id: true, username: true, displayName: true, email: true } } },
    }),
  ]);
  return [
    { userId: owner.id, username: owner.username, displayName: owner.displayName, email: owner.email, role: "owner", status: "active", joinedAt: owner.createdAt.toISOString() },
    ...memberships.map((membership) => ({
      userId: membership.user.id,
      username: membership.user.username,
      displayName: membership.user.displayName,
      email: membership.user.email,
      role: membership.role,
      status: membership.status === "suspended" ? ("suspended" as const) : ("active" as const),
      joinedAt: membership.joinedAt.toISOString(),
    })),
  ];
}

export async function listPendingInvitations(options: { projectId: string; now?: Date }): Promise<PendingInvitation[]> {
  if (!options.projectId) throw new Error("listPendingInvitations needs a project");
  const now = options.now ?? new Date();
  const rows = await db().invitation.findMany({
    where: { projectId: options.projectId, acceptedAt: null, revokedAt: null },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, email: true, role: true, expiresAt: true, invitedBy: { select: { id: true, username: true } } },
  });
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    status: row.expiresAt <= now ? "expired" : "pending",
    invitedBy: row.invitedBy,
    expiresAt: row.expiresAt.toISOString(),
  }));
}
