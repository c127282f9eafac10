// THE entry point of the audit log (TEAMS.md "Audit log"): every change by a person or a key
// calls `recordAudit(tx, entry)` with the transaction that makes the change, so the row commits
// with the change and a refused or failed write (rolled back) leaves none. Members, invitations
// and reviews call it the same way.
//
//   await recordAudit(tx, { action: "post.updated", target: { type: "post", id, name: title }, changes });
//
// The actor, the project, the IP and the request id (the X-Request-Id of the response) come from
// the request the route wrapper is serving (audit-context.ts); pass `actor`/`projectId`/`origin`
// only where there is no such request (sign-in, which next-auth serves). Outside any request (the
// cron tick, scripts, the demo seed) nobody acts, and nothing is recorded: the call returns false.
//
// A write done as one statement (the entry and label writes, lib/collections) puts the insert in
// that statement instead, as a CTE: `auditInsertSql(entry, condition)` (no extra round trip; the
// row exists only when the condition, e.g. "the UPDATE found its row", holds).
import { Prisma } from "../generated/prisma/client";
import type { SqlRunner } from "../db-sql";
import { env } from "../env";
import { randomId } from "../random-id";
import type { AuditAction } from "./audit-actions";
import { auditActor, auditProjectId, type AuditActor } from "./audit-actor";
import { currentAuditOrigin } from "./audit-context";

export type AuditTarget = { type: string; id: string; name?: string | null };

export type AuditEntry = {
  action: AuditAction;
  target: AuditTarget;
  /** What changed, when it says more than the action: field names, `{ from, to }` pairs. Never secrets. */
  changes?: unknown;
  /** Defaults to the request's principal (audit-actor.ts). */
  actor?: AuditActor;
  /** The project whose log gets the row; defaults to the request principal's. */
  projectId?: string;
  /** Defaults to the current request's. */
  origin?: { requestId: string; ip: string };
};

/** Writes the row in `tx` (the change's own transaction). False when nobody acts (no request). */
export async function recordAudit(tx: SqlRunner, entry: AuditEntry): Promise<boolean> {
  const insert = auditInsertSql(entry);
  if (!insert) return false;
  await tx.$executeRaw(insert);
  return true;
}

/**
 * The INSERT of the row, for a one-statement write to carry as a CTE (`audit AS (${sql})`);
 * `condition` (SQL over the statement's other CTEs) decides whether the row is written. Null when
 * nobody acts.
 */
export function auditInsertSql(entry: AuditEntry, condition: Prisma.Sql = Prisma.sql`true`): Prisma.Sql | null {
  const origin = currentAuditOrigin();
  const principal = origin?.principal ?? null;
  const actor = entry.actor ?? (principal ? auditActor(principal) : undefined);
  const projectId = entry.projectId ?? (principal ? auditProjectId(principal) : undefined);
  if (!actor || !projectId || env.benchWithoutAudit) return null;
  const requestId = entry.origin?.requestId ?? origin?.requestId ?? "";
  const ip = entry.origin?.ip ?? origin?.ip ?? "";
  const changes = entry.changes === undefined ? null : JSON.stringify(entry.changes);
  return Prisma.sql`
    INSERT INTO "AuditEvent" (id, "projectId", "actorType", "actorId", "actorName", "actorPrefix", action, "targetType", "targetId", "targetName", changes, ip, "requestId")
    SELECT ${randomId("aud")}, ${projectId}, ${actor.type}, ${actor.id}, ${actor.username ?? null}, ${actor.prefix ?? null}, ${entry.action},
           ${entry.target.type}, ${entry.target.id}, ${entry.target.name ?? null}, ${changes}::jsonb, ${ip}, ${requestId}
    WHERE ${condition}`;
}
