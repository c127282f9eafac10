// Bounded storage: the cron tick deletes answers past their 24 hours (and claims whose server died
// long ago, which expire the same way). At most `batch` rows a call, so one tick stays short.
import { sql } from "../db-sql";

export async function pruneIdempotencyKeys(options: { batch?: number } = {}): Promise<{ pruned: number }> {
  const pruned = await sql().$executeRaw`
    DELETE FROM "IdempotencyKey"
    WHERE ("userId", "apiKeyId", key) IN (
      SELECT "userId", "apiKeyId", key FROM "IdempotencyKey" WHERE "expiresAt" <= now() LIMIT ${options.batch ?? 5000}::int)`;
  return { pruned };
}
