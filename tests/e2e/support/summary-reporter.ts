// Writes the browser suite's counts where tests/run-all.ts reads them for the run's last line.
import { writeFileSync } from "node:fs";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

export default class SummaryReporter implements Reporter {
  private readonly counts = { passed: 0, failed: 0, skipped: 0 };
  private readonly final = new Map<string, TestResult["status"]>();

  onTestEnd(test: TestCase, result: TestResult) {
    this.final.set(test.id, result.status); // the last retry decides
  }

  onEnd(result: FullResult) {
    for (const status of this.final.values()) {
      if (status === "passed") this.counts.passed++;
      else if (status === "skipped") this.counts.skipped++;
      else this.counts.failed++;
    }
    if (result.status !== "passed" && this.counts.failed === 0) this.counts.failed = 1; // setup failed
    const file = process.env.INKBASE_E2E_SUMMARY;
    if (file) writeFileSync(file, JSON.stringify(this.counts));
    process.stdout.write(`\nBrowser tests: ${this.counts.passed} passed, ${this.counts.failed} failed, ${this.counts.skipped} skipped\n`);
  }
}
