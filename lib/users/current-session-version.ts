import { db } from "../db";

/** The account's sessionVersion now; 0 for an unknown id (its sessions are refused anyway). */
export async function currentSessionVersion(userId: string | undefined): Promise<number> {
  if (!userId) return 0;
  const user = await db().user.findUnique({ where: { id: userId }, select: { sessionVersion: true } });
  return user?.sessionVersion ?? 0;
}
