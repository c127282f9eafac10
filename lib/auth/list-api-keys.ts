import { db } from "../db";
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
};

/** The owner's keys, newest first, revoked and expired ones included (they explain a 401). */
export async function listApiKeys(options: { ownerId: string }): Promise<ApiKeyView[]> {
  if (!options.ownerId) throw new Error("listApiKeys needs an owner");
  const rows = await db().apiKey.findMany({
    where: { userId: options.ownerId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, name: true, prefix: true, scopes: true, createdAt: true, lastUsedAt: true, expiresAt: true, revokedAt: true },
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
  }));
}
