// When a scheduled move runs, its maker must still have the right to move a protected label
// (TEAMS.md): a maker who lost it (demoted, suspended, removed; a revoked key) fails the move with
// reason `not_allowed`, and nothing moves. The maker is the move's actor: a session's account or a key.
import type { SqlRunner } from "../db-sql";
import { atLeast, isMemberRole, type Role } from "../auth/roles";

type Move = { actorType: string; actorId: string; ownerId: string; name: string; protectedLabels: string[] | null };

export async function makerMayMoveLabel(tx: SqlRunner, move: Move): Promise<boolean> {
  if (!(move.protectedLabels ?? []).includes(move.name)) return true;
  const role = await makerRole(tx, move);
  return role !== null && atLeast(role, "editor");
}

async function makerRole(tx: SqlRunner, move: Move): Promise<Role | null> {
  if (move.actorType !== "key") return accountRole(tx, move.ownerId, move.actorId);
  const [key] = await tx.$queryRaw<{ kind: string; role: string; createdById: string | null; revokedAt: Date | null }[]>`
    SELECT kind, role, "createdById", "revokedAt" FROM "ApiKey" WHERE id = ${move.actorId} AND "userId" = ${move.ownerId}`;
  // Keys are revoked, never deleted (their rows go only with the project, and its moves with it),
  // so a key id without a row is not one the API made: judged as the project's (domain callers).
  if (!key) return "owner";
  if (key.revokedAt) return null;
  if (key.kind !== "personal") return isMemberRole(key.role) ? key.role : "admin";
  return key.createdById ? accountRole(tx, move.ownerId, key.createdById) : null;
}

async function accountRole(tx: SqlRunner, projectId: string, userId: string): Promise<Role | null> {
  if (userId === projectId) return "owner";
  const [member] = await tx.$queryRaw<{ role: string }[]>`
    SELECT role FROM "Membership" WHERE "projectId" = ${projectId} AND "userId" = ${userId} AND status = 'active'`;
  return member && isMemberRole(member.role) ? member.role : null;
}
