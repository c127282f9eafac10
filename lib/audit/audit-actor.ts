// Who a row names as the actor, and which project's log it goes to, from the principal. The one
// place that reads the principal's shape for the audit log (the teams change renames
// `userId` → `projectId` and adds `actorId`: only this file follows).
import type { Principal } from "../auth/principal";

export type AuditActor = { type: "user" | "key"; id: string; username?: string; prefix?: string };

/** A session acts as its account; a key as itself (id and shown prefix), never as a person. */
export function auditActor(principal: Principal): AuditActor {
  if (principal.kind === "key" && principal.keyId) {
    return { type: "key", id: principal.keyId, ...(principal.keyPrefix ? { prefix: principal.keyPrefix } : {}) };
  }
  return { type: "user", id: principal.userId, username: principal.username };
}

/** The project whose log records the principal's changes (today: the account's own). */
export function auditProjectId(principal: Principal): string {
  if (!principal.userId) throw new Error("audit: no authenticated principal");
  return principal.userId;
}
