// axe on a page (DASHBOARD.md: no serious or critical violations), with the failing rules and
// their elements in the message so a failure explains itself.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** A violation we cannot fix (a third-party widget's markup): one rule on the elements `target` matches, and why. */
export type KnownA11yIssue = { rule: string; target: RegExp; why: string };

export async function expectNoSeriousA11yIssues(page: Page, known: KnownA11yIssue[] = []): Promise<void> {
  // A router.refresh() (after a dialog's change) re-streams the page's metadata: for a moment the
  // document has no <title>. Judge the settled page, as a person would meet it.
  await expect(page).toHaveTitle(/\S/);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  const isKnown = (rule: string, target: string) => known.some((issue) => issue.rule === rule && issue.target.test(target));
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({ ...violation, nodes: violation.nodes.filter((node) => !isKnown(violation.id, node.target.join(" "))) }))
    .filter((violation) => violation.nodes.length > 0);
  const report = serious.map((violation) => `${violation.impact} ${violation.id}: ${violation.help}\n  ${violation.nodes.map((node) => `${node.target.join(" ")}${node.any[0]?.message ? ` (${node.any[0].message})` : ""}`).slice(0, 5).join("\n  ")}`);
  expect(report, `axe found serious or critical violations on ${page.url()}`).toEqual([]);
}
