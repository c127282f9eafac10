// Post history in the editor (HISTORY.md "Dashboard"): write, wait, rewrite; "History" opens the
// complementary region "History"; a revision shows what changed since (struck and marked words);
// "Restore this revision" → "Restore revision" → "Restore" puts the text back, says "Saved", and
// keeps what was there before as a revision; a reload shows the restored text. A restore racing
// another tab's save gets the editor's conflict alert. Keyboard, 390 px, dark, axe.
//
// "Wait": the session's edits within 10 minutes are one revision. Rather than sleeping, the test
// moves the newest revision's start 11 minutes back in the database (the clock the coalescing
// reads), as if the author had come back later.
import type { Page } from "@playwright/test";
import { db } from "../../lib/db";
import { createUser } from "../../lib/users/create-user";
import { expectNoSeriousA11yIssues } from "./support/a11y";
import { createPostViaApi, expect, test } from "./support/fixtures";
import { screenshot } from "./support/screenshots";

const saved = (page: Page) => expect(page.getByRole("status").filter({ hasText: /^Saved at/ })).toBeVisible();
const content = (page: Page) => page.getByRole("textbox", { name: "Content" });

async function comeBackLater(postId: string) {
  const newest = await db().postRevision.findFirstOrThrow({ where: { postId }, orderBy: { revision: "desc" } });
  await db().postRevision.update({ where: { postId_revision: { postId, revision: newest.revision } }, data: { startedAt: new Date(newest.startedAt.getTime() - 11 * 60_000) } });
}

async function writePostWithHistory(page: Page, api: import("@playwright/test").APIRequestContext, slug: string) {
  const id = await createPostViaApi(api, { title: "Moss notes", slug });
  await page.goto(`/dashboard/posts/${id}`);
  await content(page).click();
  await page.keyboard.type("Moss grows on north walls. The paragraph I will want back.");
  await saved(page);
  await comeBackLater(id);
  // The rewrite: everything replaced.
  await content(page).click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type("Lichen is not moss at all.");
  await saved(page);
  return id;
}

test("write, rewrite, open History, compare, restore: the editor holds the restored text, and so does a reload", async ({ page, api, author }, testInfo) => {
  const id = await writePostWithHistory(page, api, "history-flow");

  await page.getByRole("button", { name: "History" }).click();
  const panel = page.getByRole("complementary", { name: "History" });
  await expect(panel).toBeVisible();
  await expect(page.getByRole("button", { name: "History" })).toHaveAttribute("aria-expanded", "true");
  const revisions = panel.getByRole("list", { name: "Revisions, newest first" }).getByRole("button");
  await expect(revisions).toHaveCount(3);
  await expect(revisions.nth(0)).toContainText("#3");
  await expect(revisions.nth(0)).toContainText("Edited");
  await expect(revisions.nth(0)).toContainText("you");
  await expect(revisions.nth(1)).toContainText("#2");
  await expect(revisions.nth(2)).toContainText("Created");

  await revisions.nth(1).click();
  await expect(revisions.nth(1)).toHaveAttribute("aria-pressed", "true");
  const compare = panel.getByRole("region", { name: /Revision #2 \(Edited\) compared with now/ });
  await expect(compare).toBeVisible();
  // The old paragraph struck through, the new one marked: in the markup, not only in colour.
  const contentChange = compare.getByRole("definition").filter({ has: page.getByText(/Paragraph \(changed\)/) });
  await expect(contentChange.locator("del", { hasText: "want back" })).toBeVisible();
  await expect(contentChange.locator("ins", { hasText: "Lichen" })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "editor-history");

  await compare.getByRole("button", { name: "Restore this revision" }).click();
  const dialog = page.getByRole("dialog", { name: "Restore revision" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Restore" }).click();
  await expect(dialog).toBeHidden();

  await expect(content(page)).toContainText("The paragraph I will want back.");
  await expect(content(page)).not.toContainText("Lichen");
  await saved(page);
  // Nothing lost: the rewrite (#3) is still listed under the restore (#4).
  await expect(revisions).toHaveCount(4);
  await expect(revisions.nth(0)).toContainText("Restored from #2");
  await expect(revisions.nth(1)).toContainText("#3");
  const stored = (await (await api.get(`/api/posts/${id}`)).json()) as { content: unknown; status: string };
  expect(JSON.stringify(stored.content)).toContain("The paragraph I will want back.");
  expect(stored.status).toBe("draft");

  // Typing on after the restore saves against the restored post (no conflict).
  await content(page).click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" Still here.");
  await saved(page);

  await page.reload();
  await expect(content(page)).toContainText("The paragraph I will want back. Still here.");
  void author;
});

test("the panel works from the keyboard: open, select, restore, close with Escape", async ({ page, api }) => {
  await writePostWithHistory(page, api, "history-keys");
  const button = page.getByRole("button", { name: "History" });
  await button.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("complementary", { name: "History" });
  await expect(panel.getByRole("heading", { name: "History" })).toBeFocused();
  const revisions = panel.getByRole("list", { name: "Revisions, newest first" }).getByRole("button");
  await expect(revisions).toHaveCount(3);

  await page.keyboard.press("Tab"); // Close
  await page.keyboard.press("Tab"); // the newest revision
  await page.keyboard.press("Tab"); // the one before
  await expect(revisions.nth(1)).toBeFocused();
  await page.keyboard.press("Enter");
  const restoreButton = panel.getByRole("button", { name: "Restore this revision" });
  await expect(restoreButton).toBeVisible();
  await restoreButton.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Restore revision" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape"); // Cancel: nothing restored
  await expect(dialog).toBeHidden();
  await expect(revisions).toHaveCount(3);

  await page.keyboard.press("Escape"); // the panel closes, focus goes back to its button
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
  await expect(button).toHaveAttribute("aria-expanded", "false");
});

test("a restore racing another tab's save shows the editor's conflict alert, and overwrites nothing", async ({ page, api }) => {
  const id = await writePostWithHistory(page, api, "history-conflict");
  await page.getByRole("button", { name: "History" }).click();
  const panel = page.getByRole("complementary", { name: "History" });
  await panel.getByRole("list", { name: "Revisions, newest first" }).getByRole("button").nth(1).click();
  await expect(panel.getByRole("button", { name: "Restore this revision" })).toBeVisible();

  // Another tab saves meanwhile.
  const other = await page.context().newPage();
  await other.goto(`/dashboard/posts/${id}`);
  await other.getByLabel("Title").fill("Renamed in another tab");
  await expect(other.getByRole("status").filter({ hasText: /^Saved at/ })).toBeVisible();
  await other.close();

  await panel.getByRole("button", { name: "Restore this revision" }).click();
  await page.getByRole("dialog", { name: "Restore revision" }).getByRole("button", { name: "Restore" }).click();
  await expect(page.getByRole("alert", { name: "This post changed elsewhere" })).toBeVisible();
  const stored = (await (await api.get(`/api/posts/${id}`)).json()) as { title: string; content: unknown };
  expect(stored.title).toBe("Renamed in another tab");
  expect(JSON.stringify(stored.content)).toContain("Lichen is not moss at all.");
  await expect(content(page)).toContainText("Lichen is not moss at all.");
});

test("a restore names a user co-author the page did not know, and is announced once", async ({ page, api }) => {
  const username = `coauthor-${Date.now().toString(36)}`;
  await createUser({ username, email: `${username}@example.test`, password: "history-coauthor-pw", plan: "free" });
  const id = await createPostViaApi(api, { title: "With a co-author", slug: "history-coauthor", coauthors: [{ username }] });
  // Removed before the page loads: the page knows no username for them.
  expect((await api.patch(`/api/posts/${id}`, { data: { coauthors: [] } })).status()).toBe(200);
  await page.goto(`/dashboard/posts/${id}`);
  await expect(page.getByRole("group", { name: "Co-authors" })).toContainText("No co-authors.");

  await page.getByRole("button", { name: "History" }).click();
  const panel = page.getByRole("complementary", { name: "History" });
  await panel.getByRole("list", { name: "Revisions, newest first" }).getByRole("button").nth(1).click();
  await panel.getByRole("button", { name: "Restore this revision" }).click();
  await page.getByRole("dialog", { name: "Restore revision" }).getByRole("button", { name: "Restore" }).click();
  await expect(panel.getByRole("status")).toHaveText(/^Restored revision #1\./);
  // The panel's status line says it; no toast says it again (counted at once: a toast would have
  // appeared with the status line, and leaves after a few seconds).
  expect(await page.locator("[aria-live]").filter({ hasText: /restored/i }).count()).toBe(0);
  await saved(page);

  await panel.getByRole("button", { name: "Close" }).click();
  await expect(page.getByRole("group", { name: "Co-authors" }).getByRole("listitem")).toHaveText(new RegExp(`^@${username} `));
});

test("the History panel at 390 px, light and dark", async ({ page, api }, testInfo) => {
  await writePostWithHistory(page, api, "history-small");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "History" }).click();
  const panel = page.getByRole("complementary", { name: "History" });
  await panel.getByRole("list", { name: "Revisions, newest first" }).getByRole("button").nth(1).click();
  await expect(panel.getByRole("button", { name: "Restore this revision" })).toBeVisible();
  // On a phone the panel comes before the text, where the author is looking.
  const panelTop = (await panel.boundingBox())!.y;
  const contentTop = (await content(page).boundingBox())!.y;
  expect(panelTop).toBeLessThan(contentTop);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yIssues(page);
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "editor-history-390-dark", { fullPage: false });
});
