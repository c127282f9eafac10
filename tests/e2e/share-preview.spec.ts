// "Share preview" (TEAMS.md "Preview links"): from a draft's editor, at 390 px in dark mode, the
// dialog "Share preview" shows a link with "Copy link" and the post's links with "Revoke"; the link
// opened signed out shows the draft with its "Preview" banner (no script, noindex); revoked, it is
// a 404. axe on the dialog and on the preview page.
import { expectNoSeriousA11yIssues } from "./support/a11y";
import { createPostViaApi, expect, test } from "./support/fixtures";
import { screenshot } from "./support/screenshots";

test("share a draft, read it signed out, revoke it", async ({ page, api, browser, baseURL }, testInfo) => {
  const id = await createPostViaApi(api, {
    title: "Not out yet",
    slug: "not-out-yet",
    content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "A draft for a friend to read." }] }] },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`/dashboard/posts/${id}`);

  await page.getByRole("button", { name: "Share preview" }).click();
  const dialog = page.getByRole("dialog", { name: "Share preview" });
  await expect(dialog).toBeVisible();
  const linkBox = dialog.getByRole("textbox", { name: "Preview link" });
  await expect(linkBox).toHaveValue(/\/preview\/[A-Za-z0-9_-]{43}$/);
  const url = await linkBox.inputValue();
  await expect(dialog.getByRole("listitem")).toHaveCount(1);
  await expect(dialog.getByRole("listitem")).toContainText("This link");
  await dialog.getByRole("button", { name: "Copy link" }).click();
  await expect(dialog.getByText("Copied to the clipboard.")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "no sideways scrolling at 390 px").toBeLessThanOrEqual(0);
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "share-preview-390-dark");

  // Signed out: a fresh browser context without the author's cookie.
  const reader = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, colorScheme: "dark", javaScriptEnabled: true });
  const readerPage = await reader.newPage();
  const path = new URL(url).pathname;
  const opened = await readerPage.goto(path);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()["x-robots-tag"]).toBe("noindex");
  expect(opened?.headers()["cache-control"]).toBe("private, no-store");
  await expect(readerPage.getByRole("heading", { level: 1, name: "Not out yet" })).toBeVisible();
  await expect(readerPage.getByRole("status")).toContainText("Preview");
  await expect(readerPage.getByText("A draft for a friend to read.")).toBeVisible();
  expect(await readerPage.locator("script:not([type='application/ld+json'])").count()).toBe(0);
  await expectNoSeriousA11yIssues(readerPage);
  await screenshot(readerPage, testInfo, "preview-link-390-dark", { fullPage: true });

  // A second link with another expiry, then the first one revoked from the list.
  await dialog.getByLabel("Expires in").selectOption({ label: "1 day" });
  await dialog.getByRole("button", { name: "New link" }).click();
  await expect(dialog.getByRole("listitem")).toHaveCount(2);
  const second = await linkBox.inputValue();
  expect(second).not.toBe(url);
  const firstItem = dialog.getByRole("listitem").filter({ hasNotText: "This link" });
  await firstItem.getByRole("button", { name: "Revoke" }).click();
  await expect(dialog.getByRole("listitem")).toHaveCount(1);
  expect((await readerPage.goto(path))?.status()).toBe(404);
  expect((await readerPage.goto(new URL(second).pathname))?.status()).toBe(200);
  await reader.close();

  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});
