// axe on a page (DASHBOARD.md: no serious or critical violations), with the failing rules and
// their elements in the message so a failure explains itself.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export async function expectNoSeriousA11yIssues(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const serious = results.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
  const report = serious.map((violation) => `${violation.impact} ${violation.id}: ${violation.help}\n  ${violation.nodes.map((node) => node.target.join(" ")).slice(0, 5).join("\n  ")}`);
  expect(report, `axe found serious or critical violations on ${page.url()}`).toEqual([]);
}
