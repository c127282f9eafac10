// Who a row names as the actor, and which project's log it goes to, from the principal. The one
// place that reads the principal's shape for the audit log: rows go to the current project's log
// (`projectId`), a person is the acting account (`actorId`), a key is itself.
import type { Principal } from "../auth/principal";

export type AuditActor = { type: "user" | "key"; id: string; username?: string; prefix?: string };

/** A session acts as its account; a key as itself (id and shown prefix), never as a person. */
export function auditActor(principal: Principal): AuditActor {
  if (principal.kind === "key" && principal.keyId) {
    return { type: "key", id: principal.keyId, ...(principal.keyPrefix ? { prefix: principal.keyPrefix } : {}) };
  }
  return { type: "user", id: principal.actorId, username: principal.actorUsername };
}

/** The project whose log records the principal's changes: the request's current project. */
export function auditProjectId(principal: Principal): string {
  if (!principal.projectId) throw new Error("audit: no authenticated principal");
  return principal.projectId;
}
