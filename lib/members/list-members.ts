// GET /api/members (TEAMS.md "Members"): the owner first (joined when the account was made), then
// the members in the order they joined.
import { db } from "../db";
import { isMemberRole, type Role } from "../auth/roles";

export type MemberView = {
  userId: string;
  username: string;
  displayName: string | null;
  email: string;
  role: Role;
  status: "active" | "suspended";
  joinedAt: string;
};

const userFields = { id: true, username: true, displayName: true, email: true } as const;

export async function listMembers(projectId: string): Promise<MemberView[]> {
  const owner = await db().user.findUnique({ where: { id: projectId }, select: { ...userFields, createdAt: true } });
  const members = await db().membership.findMany({
    where: { projectId },
    orderBy: [{ joinedAt: "asc" }, { id: "asc" }],
    select: { role: true, status: true, joinedAt: true, user: { select: userFields } },
  });
  const ownerView: MemberView[] = owner
    ? [{ userId: owner.id, username: owner.username, displayName: owner.displayName, email: owner.email, role: "owner", status: "active", joinedAt: owner.createdAt.toISOString() }]
    : [];
  return [...ownerView, ...members.map((m) => toMemberView(m))];
}

export function toMemberView(m: { role: string; status: string; joinedAt: Date; user: { id: string; username: string; displayName: string | null; email: string } }): MemberView {
  return {
    userId: m.user.id,
    username: m.user.username,
    displayName: m.user.displayName,
    email: m.user.email,
    role: isMemberRole(m.role) ? m.role : "viewer",
    status: m.status === "suspended" ? "suspended" : "active",
    joinedAt: m.joinedAt.toISOString(),
  };
}
