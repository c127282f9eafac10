// ACCOUNTS.md "Delete account": an owner whose project has other members gets
// 409 { "error": "Remove the project's members first" } (TEAMS.md). Called inside the deletion's
// transaction, so a member added meanwhile is seen.
//
// THERE IS NO MEMBERSHIP TABLE YET: until TEAMS.md's members exist, no project has other members
// and this refuses nothing. The teams work fills it in (count the project's members other than its
// owner and throw `projectHasMembers()` when there are any); nothing else in the deletion needs to
// change. Untested on purpose: a test of it needs members to exist.
import type { Tx } from "../db";
import { conflict } from "../http/api-error";

export const projectHasMembers = () => conflict({ error: "Remove the project's members first" });

export async function refuseWhileProjectHasMembers(tx: Tx, options: { ownerId: string }): Promise<void> {
  void tx;
  void options;
}
