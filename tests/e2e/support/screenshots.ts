// The e2e run's screenshots of every page (DASHBOARD.md): docs/screenshots/<name>.png, committed
// when they change. Written only when asked (SCREENSHOTS=1), so an ordinary test run leaves the
// work tree clean, and then from one project only (PostgreSQL when present), so a run that covers
// both databases does not write every picture twice.
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";

const dir = path.resolve(import.meta.dirname, "../../../docs/screenshots");

/** `SCREENSHOTS=1 npm run test:e2e` (or with `npm test`) refreshes docs/screenshots/. */
export function screenshotsRequested(): boolean {
  return process.env.SCREENSHOTS === "1";
}

export async function screenshot(page: Page, testInfo: TestInfo, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!screenshotsRequested()) return;
  const first = testInfo.config.projects[0]?.name;
  if (testInfo.project.name !== first) return;
  // Let fonts, images and the caret settle so the picture shows what an author sees.
  await page.evaluate(() => document.fonts.ready);
  // A full-page picture is taken from the top (scrolled, the sticky header would be drawn where
  // the viewport was, in the middle of the page) and without the toasts, which sit at the
  // viewport's bottom edge and would float over the middle of the page.
  if (options.fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: path.join(dir, `${name}.png`),
    fullPage: options.fullPage ?? false,
    animations: "disabled",
    caret: "hide",
    style: options.fullPage ? '[aria-live="polite"]:has(button[aria-label="Dismiss notification"]) { visibility: hidden; }' : undefined,
  });
}
