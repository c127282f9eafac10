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
  await db().apiKey.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: new Date() } });
  const key = await db().apiKey.findFirst({ where, select: { id: true, revokedAt: true } });
  if (!key?.revokedAt) throw notFound("API key not found");
  return { id: key.id, revokedAt: key.revokedAt };
}
