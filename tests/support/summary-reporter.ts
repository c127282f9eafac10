// Ends the vitest run with one plain line, `Vitest: N passed, N failed, N skipped` (vitest's own
// summary is coloured and spread over several lines), and hands the counts to tests/run-all.ts,
// which ends `npm test` with the total over vitest and the browser tests.
import { writeFileSync } from "node:fs";
import type { Reporter, TestModule } from "vitest/node";

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") counts.passed++;
        else if (state === "failed") counts.failed++;
        else counts.skipped++;
      }
      // A file that failed to load has no tests but must still count as a failure.
      if (testModule.state() === "failed" && [...testModule.children.allTests()].length === 0) counts.failed++;
    }
    if (process.env.INKBASE_VITEST_SUMMARY) writeFileSync(process.env.INKBASE_VITEST_SUMMARY, JSON.stringify(counts));
    process.stdout.write(`\nVitest: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
