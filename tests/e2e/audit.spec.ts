// The "Audit log" page (TEAMS.md "Audit log"): the author's sign-in and changes by their session
// and by a key appear with who made them; filters by person, action and date narrow the table;
// "Download CSV" downloads the same filters as CSV. axe on the page, and at 390 px in dark mode.
import { randomBytes } from "node:crypto";
import { expectNoSeriousA11yIssues } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { screenshot } from "./support/screenshots";

test("the audit log lists sign-ins and changes, filters them and downloads them as CSV", async ({ page, author, api, makeKey, baseURL }, testInfo) => {
  const bySession = await api.post("/api/posts", { data: { title: "Written in the browser", slug: `s-${randomBytes(4).toString("hex")}` } });
  expect(bySession.status()).toBe(201);
  const key = await makeKey(author.id, ["posts:write"]);
  const byKey = await fetch(`${baseURL}/api/posts`, {
    method: "POST",
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: JSON.stringify({ title: "Written by a script", slug: `k-${randomBytes(4).toString("hex")}` }),
  });
  expect(byKey.status).toBe(201);

  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const table = page.getByRole("table", { name: "Audit log" });
  await expect(table.getByRole("row").filter({ hasText: "account.signed_in" })).toHaveCount(1);
  await expect(table.getByRole("row").filter({ hasText: "Written in the browser" })).toContainText(author.username);
  await expect(table.getByRole("row").filter({ hasText: "Written by a script" })).toContainText(key.slice(0, 12));
  await expect(page.locator("body")).not.toContainText(key);
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "audit-log");

  // Person: the key. Action: posts.
  const filters = page.getByRole("search", { name: "Filter the audit log" });
  await filters.getByLabel("Person").selectOption({ label: `Key “API key” (${key.slice(0, 12)}…)` });
  await filters.getByLabel("Action").selectOption({ label: "Posts" });
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/person=.*&action=post/);
  await expect(table.getByRole("row")).toHaveCount(2); // the header and the key's post
  await expect(table).toContainText("Written by a script");

  // The CSV link carries the same filters.
  const csvHref = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
  expect(csvHref).toMatch(/^\/api\/audit\?/);
  expect(csvHref).toContain("format=csv");
  const csv = await page.request.get(csvHref!);
  expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
  const lines = (await csv.text()).trimEnd().split("\r\n");
  expect(lines[0]).toBe("id,at,actorType,actorId,actorName,action,targetType,targetId,ip,requestId");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(",key,");

  // Dates: a range that ended yesterday holds nothing of today's.
  await page.getByRole("link", { name: "Clear filters" }).click();
  // The link is a navigation: wait for the page without filters before using its form.
  await page.waitForURL((url) => url.pathname === "/dashboard/audit" && url.search === "");
  const yesterday = new Date(Date.now() - 24 * 3600_000).toISOString().slice(0, 10);
  await filters.getByLabel("To").fill(yesterday);
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("heading", { name: "Nothing matches these filters" })).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  // The link is a navigation: wait for the page without filters before using its form.
  await page.waitForURL((url) => url.pathname === "/dashboard/audit" && url.search === "");
  await expect(table.getByRole("row").filter({ hasText: "account.signed_in" })).toHaveCount(1);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousA11yIssues(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "no sideways scrolling at 390 px").toBeLessThanOrEqual(0);
  await screenshot(page, testInfo, "audit-log-390-dark", { fullPage: true });
});
