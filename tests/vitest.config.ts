import path from "node:path";
import { defineConfig } from "vitest/config";

const root = path.resolve(import.meta.dirname, "..");

// One run covers every tier: unit (pure), db (domain functions on a real database), api (HTTP
// against a built `next start`), smoke (the `npm start` launcher on the embedded database),
// durability (kill -9 mid-storm, receiver downtime, two instances: each file starts its own
// servers and database) and e2e (Chromium). The global setup prepares the database and the
// servers once per run.
export default defineConfig({
  root,
  resolve: { alias: { "@": root } },
  test: {
    include: ["tests/**/*.test.ts", "sdk/test/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    // Quiet JSON logs (no access line per wrapper call) in the test processes and the servers,
    // CLIs and launchers they start; tests/api/access-log.test.ts turns them on for its server.
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
    testTimeout: 30_000,
    hookTimeout: 180_000,
    // Two cores: the servers started by the global setup need CPU too. On the embedded
    // database (no TEST_DATABASE_URL) every connection shares one PGlite that runs a single
    // transaction at a time, so a second worker only adds queueing.
    maxWorkers: process.env.TEST_DATABASE_URL ? 2 : 1,
    pool: "forks",
  },
});
