// ACCOUNTS.md "Delete account": an owner whose project has other members gets
// 409 { "error": "Remove the project's members first" } (TEAMS.md). Called inside the deletion's
// transaction, so a member added meanwhile is seen. Suspended members count: they are still
// members, and their bylines would go with the project.
import type { Tx } from "../db";
import { conflict } from "../http/api-error";

export const projectHasMembers = () => conflict({ error: "Remove the project's members first" });

export async function refuseWhileProjectHasMembers(tx: Tx, options: { ownerId: string }): Promise<void> {
  const members = await tx.membership.count({ where: { projectId: options.ownerId } });
  if (members > 0) throw projectHasMembers();
}
