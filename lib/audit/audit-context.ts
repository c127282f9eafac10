// The one place the audit log learns where a change came from: the request id, the client's IP
// and the caller, from the request context the route wrapper opens (lib/request-context). Kept
// apart so that a change of where these live is one edit here.
import type { Principal } from "../auth/principal";
import { currentRequest } from "../request-context/request-context";

export type AuditOrigin = { requestId: string; ip: string; principal: Principal | null };

/** The current request's origin, or undefined outside a request (scripts, the cron tick, lib tests). */
export function currentAuditOrigin(): AuditOrigin | undefined {
  const request = currentRequest();
  return request ? { requestId: request.requestId, ip: request.ip, principal: request.principal } : undefined;
}
