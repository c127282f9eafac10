// `npm test` after the build: vitest (unit, db, api, smoke) and then the browser tests (Playwright
// in Chromium), both always run, and one last line over both for CI logs:
//   Tests: N passed, N failed, N skipped
// Chromium missing: the browser tests are reported skipped on a developer machine, and fail the run
// on CI (CI=1, set by .ci/run), where they must never be skipped.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromiumPath } from "./support/chromium";

type Counts = { passed: number; failed: number; skipped: number };

const root = path.resolve(import.meta.dirname, "..");
const dir = mkdtempSync(path.join(tmpdir(), "inkbase-test-summary-"));
const bin = (name: string) => path.join(root, "node_modules/.bin", name);

function run(command: string, args: string[], summaryEnv: string): Counts {
  const file = path.join(dir, `${summaryEnv}.json`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, [summaryEnv]: file } });
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as Counts;
  // The runner died before reporting (a crash, a config error): that is a failure.
  return { passed: 0, failed: result.status === 0 ? 0 : 1, skipped: 0 };
}

const totals: Counts[] = [run(bin("vitest"), ["run", "--config", "tests/vitest.config.ts"], "INKBASE_VITEST_SUMMARY")];

if (existsSync(chromiumPath)) {
  totals.push(run(bin("playwright"), ["test"], "INKBASE_E2E_SUMMARY"));
} else if (process.env.CI) {
  console.error(`[test] no Chromium at ${chromiumPath}: CI must run the browser tests (apt-get install -y chromium)`);
  totals.push({ passed: 0, failed: 1, skipped: 0 });
} else {
  console.warn(`[test] browser tests skipped: no Chromium at ${chromiumPath} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
  totals.push({ passed: 0, failed: 0, skipped: 1 });
}
rmSync(dir, { recursive: true, force: true });

const sum = totals.reduce((all, counts) => ({ passed: all.passed + counts.passed, failed: all.failed + counts.failed, skipped: all.skipped + counts.skipped }));
console.log(`\nTests: ${sum.passed} passed, ${sum.failed} failed, ${sum.skipped} skipped`);
process.exit(sum.failed > 0 ? 1 : 0);
