import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { notFound } from "../http/api-error";

/**
 * Revoking is idempotent and keeps the row (the dashboard lists revoked keys); the first
 * revocation time is kept. `ownerId` restricts it to one user's keys; the admin CLI omits it.
 */
export async function revokeApiKey(input: { id: string; ownerId?: string; createdById?: string; kind?: "personal" }): Promise<{ id: string; revokedAt: Date }> {
  // A member below admin revokes only their own personal keys; others' are "not found" to them.
  const where = {
    id: input.id,
    ...(input.ownerId === undefined ? {} : { userId: input.ownerId }),
    ...(input.createdById === undefined ? {} : { createdById: input.createdById, kind: input.kind }),
  };
  // The revocation and its audit row together; a repeated revocation changes nothing and records nothing.
  return db().$transaction(async (tx) => {
    const { count } = await tx.apiKey.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: new Date() } });
    const key = await tx.apiKey.findFirst({ where, select: { id: true, revokedAt: true, name: true, prefix: true } });
    if (!key?.revokedAt) throw notFound("API key not found");
    if (count > 0) await recordAudit(tx, { action: "key.revoked", target: { type: "key", id: key.id, name: key.name }, changes: { prefix: key.prefix } });
    return { id: key.id, revokedAt: key.revokedAt };
  });
}
