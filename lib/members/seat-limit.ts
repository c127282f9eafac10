// TEAMS.md seats: besides the owner, 2 on `free` and 50 on `pro`. Active members and pending
// invitations count; viewers (members or invited) and suspended members do not. Checked inside
// the write's transaction after locking the project's row, so two invitations at once cannot
// both take the last seat.
import type { Tx } from "../db";
import { memberLimitReached } from "./member-errors";

export const SEATS = { free: 2, pro: 50 } as const;

/** Throws 403 "Member limit reached" when one more seat would go over the project's plan. */
export async function assertSeatAvailable(tx: Tx, projectId: string): Promise<void> {
  const [project] = await tx.$queryRaw<{ plan: "free" | "pro" }[]>`SELECT plan::text AS plan FROM "User" WHERE id = ${projectId} FOR UPDATE`;
  const limit = SEATS[project?.plan ?? "free"];
  const now = new Date();
  const members = await tx.membership.count({ where: { projectId, status: "active", role: { not: "viewer" } } });
  const invited = await tx.invitation.count({ where: { projectId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now }, role: { not: "viewer" } } });
  if (members + invited + 1 > limit) throw memberLimitReached(limit);
}
