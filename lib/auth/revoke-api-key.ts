import { db } from "../db";
import { notFound } from "../http/api-error";

/**
 * Revoking is idempotent and keeps the row (the dashboard lists revoked keys); the first
 * revocation time is kept. `ownerId` restricts it to one user's keys; the admin CLI omits it.
 */
export async function revokeApiKey(input: { id: string; ownerId?: string }): Promise<{ id: string; revokedAt: Date }> {
  const where = input.ownerId === undefined ? { id: input.id } : { id: input.id, userId: input.ownerId };
  await db().apiKey.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: new Date() } });
  const key = await db().apiKey.findFirst({ where, select: { id: true, revokedAt: true } });
  if (!key?.revokedAt) throw notFound("API key not found");
  return { id: key.id, revokedAt: key.revokedAt };
}
