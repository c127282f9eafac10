// Whether an account belongs to a project now: its owner, or an active (not suspended) member.
import { db } from "../db";

export async function isActiveMember(projectId: string, userId: string): Promise<boolean> {
  if (projectId === userId) return true;
  const found = await db().membership.findFirst({ where: { projectId, userId, status: "active" }, select: { id: true } });
  return found !== null;
}
