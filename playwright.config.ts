// Browser tests (DASHBOARD.md "Tests and evidence"): Playwright Test in Debian's Chromium against
// the production build, once per database — real PostgreSQL when TEST_DATABASE_URL is set, and
// always the embedded PGlite database a fresh machine uses. tests/e2e/support/global-setup.ts
// starts one server per project; the fixtures find theirs by project name.
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "./tests/support/chromium";

const projects = [...(process.env.TEST_DATABASE_URL ? ["postgres"] : []), "embedded"];

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  // Two cores, and each project's server needs one: tests run one at a time.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: "test-results/e2e",
  reporter: [["list"], ["./tests/e2e/support/summary-reporter.ts"]],
  use: {
    browserName: "chromium",
    launchOptions: { executablePath: chromiumPath, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    actionTimeout: 15_000,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: projects.map((name) => ({ name })),
});
