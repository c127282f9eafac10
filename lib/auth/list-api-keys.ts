import { db } from "../db";
import { can } from "./can";
import type { Principal } from "./principal";
import { isMemberRole, type Role } from "./roles";
import type { Scope } from "./scopes";
import { isScope } from "./scopes";

/** A key as the dashboard and GET /api/keys show it: never the key itself, only its prefix. */
export type ApiKeyView = {
  id: string;
  name: string;
  prefix: string;
  scopes: Scope[];
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  kind: "personal" | "project";
  role: Role;
  createdBy: { id: string; username: string } | null;
};

type Caller = Pick<Principal, "projectId" | "actorId" | "role" | "kind">;

/**
 * TEAMS.md "Keys": the caller's personal keys in the current project and, for admins and the
 * owner, the project's keys; newest first, revoked and expired ones included (they explain a 401).
 */
export async function listApiKeys(caller: Caller): Promise<ApiKeyView[]> {
  if (!caller.projectId) throw new Error("listApiKeys needs a project");
  const mine = { kind: "personal", createdById: caller.actorId };
  const rows = await db().apiKey.findMany({
    where: { userId: caller.projectId, OR: can(caller, "keys.project") ? [mine, { kind: "project" }] : [mine] },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: {
      id: true, name: true, prefix: true, scopes: true, createdAt: true, lastUsedAt: true, expiresAt: true, revokedAt: true,
      kind: true, role: true, createdBy: { select: { id: true, username: true } },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes.filter(isScope),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    kind: row.kind === "personal" ? "personal" : "project",
    role: row.kind === "personal" ? caller.role : isMemberRole(row.role) ? row.role : "admin",
    createdBy: row.createdBy,
  }));
}
