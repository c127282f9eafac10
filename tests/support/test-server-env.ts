// The environment every test server runs with (global setup, and tests that start their own).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export const TEST_AUTH_SECRET = "test-auth-secret-0123456789abcdef";

let dataDir: string | undefined;

/**
 * DATA_DIR of the servers this process starts: a temporary folder (local media storage writes
 * there, never into the checkout's .data), removed when the process exits.
 */
export function testDataDir(): string {
  if (!dataDir) {
    const dir = mkdtempSync(path.join(tmpdir(), "inkbase-test-data-"));
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    dataDir = dir;
  }
  return dataDir;
}

/** In-process limiter, TRUST_PROXY for per-test client IPs, private webhook targets allowed. */
export function testServerEnv(options: { databaseUrl: string; cronSecret: string }): Record<string, string | undefined> {
  return {
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: testDataDir(),
    MEDIA_STORAGE: undefined,
    MEDIA_PUBLIC_URL: undefined,
    INKBASE_EMBEDDED_DB: "",
    AUTH_SECRET: TEST_AUTH_SECRET,
    AUTH_TRUST_HOST: "1",
    NEXTAUTH_URL: undefined,
    TRUST_PROXY: "1",
    WEBHOOK_ALLOW_PRIVATE_TARGETS: "1",
    CRON_SECRET: options.cronSecret,
    // Every test signs in from 127.0.0.1; tests/api/sign-in-throttle.test.ts starts its own
    // server with the default limit.
    SIGN_IN_FAILURE_LIMIT: "100000",
    UPSTASH_REDIS_REST_URL: undefined,
    UPSTASH_REDIS_REST_TOKEN: undefined,
    // No access line per request in the suite's logs (tests/api/access-log.test.ts turns them on).
    LOG_LEVEL: "warn",
  };
}
