import type { Principal } from "../auth/principal";
import { logFormat } from "./log-format";
import { logger } from "./logger";

export type AccessEntry = {
  requestId: string;
  method: string;
  /** The path only: query values can hold search text or, from careless clients, keys. */
  path: string;
  status: number;
  /** performance.now() when the wrapper took the request. */
  startedAt: number;
  principal: Principal | null;
};

/**
 * One line per API call, written by the route wrapper once the response is ready (`ms` is the
 * time to that point, not to the last byte of a streamed body). Who called is the principal's
 * kind, owner id and key id, never a key, cookie or e-mail address.
 */
export function logAccess(entry: AccessEntry): void {
  // On a terminal the server (scripts/serve.ts) writes one short line for every request, API
  // calls included; a second line per call would only repeat it.
  if (logFormat() === "pretty") return;
  const log = logger();
  if (!log.isLevelEnabled("info")) return;
  const { principal } = entry;
  log.info(
    {
      requestId: entry.requestId,
      method: entry.method,
      path: entry.path,
      status: entry.status,
      ms: Math.round((performance.now() - entry.startedAt) * 10) / 10,
      principal: principal ? { kind: principal.kind, ownerId: principal.projectId, keyId: principal.keyId ?? undefined } : null,
    },
    "api request",
  );
}
