// The database a script runs against, on its own so that a script given DATABASE_URL never loads
// the embedded database's code (PGlite is a large module: the admin CLI's every command paid for
// it, docs/deploying.md "The admin CLI").
import type { Readable } from "node:stream";
import { env } from "../../lib/env";

export type ConfiguredDatabase = {
  url: string;
  mode: "embedded" | "postgres";
  /** PGlite's own dump, when this process can reach the process that holds the data directory. */
  dumpDataDir?: () => Promise<Readable>;
};

/**
 * Runs `fn` against the configured database: DATABASE_URL when set (for `migrations`, the direct
 * URL when one is configured: env.migrationDatabaseUrl), else the embedded database in DATA_DIR
 * (the running server's, or a private one for the duration of `fn`).
 */
export async function withDatabase<T>(fn: (db: ConfiguredDatabase) => Promise<T>, options: { purpose?: "migrations" } = {}): Promise<T> {
  const url = options.purpose === "migrations" ? env.migrationDatabaseUrl : env.databaseUrl;
  if (url) return fn({ url, mode: env.embeddedDatabase ? "embedded" : "postgres" });
  const { connectOrStartEmbedded } = await import("./embedded-server");
  const db = await connectOrStartEmbedded(env.dataDir);
  try {
    return await fn({ url: db.url, mode: "embedded", dumpDataDir: db.dumpDataDir });
  } finally {
    await db.release();
  }
}
