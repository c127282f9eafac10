// API keys in the browser (DASHBOARD.md "API keys"): create a scoped key with an expiry, see it
// once with "Copy" and the warning, use it against /api/me, see its last use, revoke it and see
// 401 at once; axe and screenshots of the page and the dialog.
import { expectNoSeriousA11yIssues } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { screenshot } from "./support/screenshots";

test("create a key, use it, see it used, revoke it and see 401", async ({ page, author, baseURL }, testInfo) => {
  void author;
  await page.goto("/dashboard/keys");
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No API keys yet" })).toBeVisible();
  await expectNoSeriousA11yIssues(page);

  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create key" });
  await expect(dialog).toBeVisible();
  // Nothing chosen yet: the dialog says what is missing instead of calling the API.
  await dialog.getByLabel("Name").fill("Deploy bot");
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByText("Choose at least one scope.")).toBeVisible();
  await dialog.getByRole("checkbox", { name: "posts:read" }).check();
  await dialog.getByRole("checkbox", { name: "webhooks:read" }).check();
  const nextYear = `${new Date().getFullYear() + 1}-06-30`;
  await dialog.getByLabel("Expires").fill(nextYear);
  await expectNoSeriousA11yIssues(page);
  await dialog.getByRole("button", { name: "Create key" }).click();

  const secret = dialog.getByRole("textbox", { name: "New API key" });
  await expect(secret).toHaveValue(/^ink_[0-9A-Za-z]{40}$/);
  await expect(secret).toHaveAttribute("readonly", "");
  await expect(dialog.getByRole("button", { name: "Copy" })).toBeVisible();
  await expect(dialog.getByText("it will not be shown again")).toBeVisible();
  const key = await secret.inputValue();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "keys-created");
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole("row").filter({ hasText: "Deploy bot" });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText("posts:read");
  await expect(row).toContainText("webhooks:read");
  await expect(row).toContainText("Active");
  await expect(row.getByRole("cell").nth(4)).toHaveText("Never");
  // The full key is never on the page again.
  await expect(page.locator("body")).not.toContainText(key);

  const me = await fetch(`${baseURL}/api/me`, { headers: { Authorization: `Bearer ${key}` } });
  expect(me.status).toBe(200);
  expect(((await me.json()) as { scopes: string[] }).scopes).toEqual(["posts:read", "webhooks:read"]);
  // lastUsedAt is written after the response: the list shows it once it lands.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("row").filter({ hasText: "Deploy bot" }).getByRole("cell").nth(4)).not.toHaveText("Never");
  }).toPass({ timeout: 15_000 });
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "keys");

  await page.getByRole("row").filter({ hasText: "Deploy bot" }).getByRole("button", { name: "Revoke" }).click();
  const confirm = page.getByRole("dialog", { name: "Revoke" });
  await expect(confirm).toContainText("Deploy bot");
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: "Deploy bot" })).toContainText("Revoked");
  await expect(page.getByRole("row").filter({ hasText: "Deploy bot" }).getByRole("button", { name: "Revoke" })).toHaveCount(0);

  const after = await fetch(`${baseURL}/api/me`, { headers: { Authorization: `Bearer ${key}` } });
  expect(after.status).toBe(401);
  expect(await after.json()).toEqual({ error: "Unauthorized" });
});

test("a key cannot manage keys: /api/keys answers 403 Session required", async ({ author, makeKey, baseURL }) => {
  const key = await makeKey(author.id, ["posts:read", "webhooks:write"]);
  const res = await fetch(`${baseURL}/api/keys`, { headers: { Authorization: `Bearer ${key}` } });
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual({ error: "Session required" });
});
