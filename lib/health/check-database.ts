import { db } from "../db";
import { env } from "../env";
import { logger } from "../log/logger";

const TIMEOUT_MS = 3000;

export type DatabaseHealth = { ok: boolean; database: "embedded" | "postgres" };

/** A bounded `SELECT 1`: a hung database must turn into a 503, not a hung health check. */
export async function checkDatabase(): Promise<DatabaseHealth> {
  const database = env.embeddedDatabase ? "embedded" : "postgres";
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db().$queryRaw`SELECT 1`,
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("database health check timed out")), TIMEOUT_MS);
      }),
    ]);
    return { ok: true, database };
  } catch (err) {
    logger().error({ err }, "health check: database unreachable");
    return { ok: false, database };
  } finally {
    clearTimeout(timer);
  }
}
