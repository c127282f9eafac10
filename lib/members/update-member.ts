// PATCH /api/members/:userId { role?, status? } (admins and the owner): a seat is needed again
// when a viewer gets another role or a suspended non-viewer comes back. Takes effect at the
// member's next request (sessions and personal keys read the membership each time).
import { recordAudit } from "../audit/record-audit";
import type { Principal } from "../auth/principal";
import type { MemberRole } from "../auth/roles";
import { authorize } from "../auth/can";
import { db } from "../db";
import { memberNotFound, ownerCannotBeChanged } from "./member-errors";
import { toMemberView, type MemberView } from "./list-members";
import { assertSeatAvailable } from "./seat-limit";

type Caller = Pick<Principal, "projectId" | "role" | "actorId" | "kind">;

export async function updateMember(principal: Caller, userId: string, input: { role?: MemberRole; status?: "active" | "suspended" }): Promise<MemberView> {
  authorize(principal, "members.manage");
  if (userId === principal.projectId) throw ownerCannotBeChanged();
  return db().$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "User" WHERE id = ${principal.projectId} FOR UPDATE`;
    const current = await tx.membership.findUnique({ where: { projectId_userId: { projectId: principal.projectId, userId } }, select: { id: true, role: true, status: true } });
    if (!current) throw memberNotFound();
    const role = input.role ?? current.role;
    const status = input.status ?? current.status;
    const heldSeat = current.status === "active" && current.role !== "viewer";
    const needsSeat = status === "active" && role !== "viewer";
    if (needsSeat && !heldSeat) await assertSeatAvailable(tx, principal.projectId);
    const row = await tx.membership.update({
      where: { id: current.id },
      data: { role, status },
      select: { role: true, status: true, joinedAt: true, user: { select: { id: true, username: true, displayName: true, email: true } } },
    });
    await recordAudit(tx, { action: "member.updated", target: { type: "member", id: userId, name: row.user.username }, changes: { role: { from: current.role, to: role }, status: { from: current.status, to: status } } });
    return toMemberView(row);
  });
}
