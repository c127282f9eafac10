import "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated database this run uses (real PostgreSQL or the embedded PGlite). */
    databaseUrl: string;
    databaseKind: "postgres" | "embedded";
    /** `next start` with the in-process rate limiter. */
    baseUrl: string;
    /** `next start` with the Upstash limiter (through the test shim), or null without Redis. */
    upstashBaseUrl: string | null;
    upstash: { url: string; token: string } | null;
    cronSecret: string;
    /** DATA_DIR of the servers above (local media under its media/ folder). */
    dataDir: string;
  }
}
