// "Nothing is lost" (DASHBOARD.md): a failing save keeps the text, says so, offers "Retry" and
// retries by itself; leaving with unsaved text asks first; a browser that never got to save keeps
// the text and offers it back; two tabs never silently overwrite each other.
import { expect, test } from "./support/fixtures";

const status = (page: import("@playwright/test").Page) => page.getByRole("status").filter({ hasNotText: /^$/ });

async function openNewPost(page: import("@playwright/test").Page, api: import("@playwright/test").APIRequestContext, title: string) {
  const { id } = (await (await api.post("/api/posts", { data: { title, slug: title.toLowerCase().replace(/\W+/g, "-") } })).json()) as { id: string };
  await page.goto(`/dashboard/posts/${id}`);
  await expect(page.getByRole("textbox", { name: "Content" })).toBeVisible();
  return id;
}

test("a save that fails keeps the text, says why, and Retry saves it", async ({ page, api }) => {
  const id = await openNewPost(page, api, "Flaky network");
  let failing = true;
  await page.route(`**/api/posts/${id}`, (route) =>
    failing && route.request().method() === "PATCH" ? route.fulfill({ status: 500, contentType: "application/json", headers: { "X-Request-Id": "req-test" }, body: '{"error":"Internal server error","requestId":"req-test"}' }) : route.fallback(),
  );
  await page.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("Words that must survive.");
  await expect(status(page)).toContainText("Not saved: The server failed (500), request req-test.");
  await expect(page.getByRole("textbox", { name: "Content" })).toContainText("Words that must survive.");
  expect(((await (await api.get(`/api/posts/${id}?format=html`)).json()) as { rendered: string }).rendered).not.toContain("survive");

  failing = false;
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(status(page)).toContainText(/^Saved at/);
  expect(((await (await api.get(`/api/posts/${id}?format=html`)).json()) as { rendered: string }).rendered).toContain("Words that must survive.");
});

test("offline: autosave retries by itself when the network returns", async ({ page, api, context }) => {
  const id = await openNewPost(page, api, "Offline draft");
  await context.setOffline(true);
  await page.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("Typed on a train.");
  await expect(status(page)).toContainText("Not saved: Could not reach the server.");
  await context.setOffline(false);
  await expect(status(page)).toContainText(/^Saved at/, { timeout: 20_000 });
  expect(((await (await api.get(`/api/posts/${id}?format=html`)).json()) as { rendered: string }).rendered).toContain("Typed on a train.");
});

test("leaving with unsaved text asks first", async ({ page, api, context }) => {
  const id = await openNewPost(page, api, "Unsaved on leave");
  await context.setOffline(true);
  await page.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("Not yet on the server.");
  await expect(status(page)).toContainText("Not saved");
  // The author changes their mind: the page stays, and the text is saved once the network is back.
  const asked = new Promise<string>((resolve) => page.once("dialog", (dialog) => { resolve(dialog.type()); void dialog.dismiss(); }));
  await page.close({ runBeforeUnload: true });
  expect(await asked).toBe("beforeunload");
  expect(page.isClosed()).toBe(false);
  await context.setOffline(false);
  await expect(status(page)).toContainText(/^Saved at/, { timeout: 20_000 });
  expect(((await (await api.get(`/api/posts/${id}?format=html`)).json()) as { rendered: string }).rendered).toContain("Not yet on the server.");
});

test("text that never reached the server (a crash, a dead battery) is offered back on the next visit", async ({ page, api, context }) => {
  const id = await openNewPost(page, api, "Unsaved on crash");
  const stored = async () => ((await (await api.get(`/api/posts/${id}?format=html`)).json()) as { rendered: string }).rendered;
  // This tab can never save (its PATCHes fail) and stays as it is, like a frozen or crashed tab
  // (a closing tab would still flush with keepalive).
  await page.route(`**/api/posts/${id}`, (route) => (route.request().method() === "PATCH" ? route.abort() : route.fallback()));
  await page.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("Kept in this browser.");
  await expect(status(page)).toContainText("Not saved");
  expect(await stored()).not.toContain("Kept in this browser.");

  const again = await context.newPage();
  await again.goto(`/dashboard/posts/${id}`);
  const notice = again.getByRole("region", { name: "Unsaved changes found" });
  await expect(notice).toBeVisible();
  await expect(again.getByRole("textbox", { name: "Content" })).not.toContainText("Kept in this browser.");
  await notice.getByRole("button", { name: "Restore" }).click();
  await expect(notice).toBeHidden();
  await expect(again.getByRole("textbox", { name: "Content" })).toContainText("Kept in this browser.");
  await expect(again.getByRole("status").filter({ hasText: /^Saved at/ })).toBeVisible();
  expect(await stored()).toContain("Kept in this browser.");
});

test("two tabs: the second save is refused with Reload and Overwrite, never a silent overwrite", async ({ page, api, context }) => {
  const id = await openNewPost(page, api, "Two tabs");
  const other = await context.newPage();
  await other.goto(`/dashboard/posts/${id}`);
  await expect(other.getByRole("textbox", { name: "Content" })).toBeVisible();

  // Tab 1 saves first.
  await page.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("First tab's words.");
  await expect(page.getByRole("status").filter({ hasText: /^Saved at/ })).toBeVisible();

  // Tab 2 still holds the old version: its save is a 412.
  await other.getByRole("textbox", { name: "Content" }).click();
  await other.keyboard.type("Second tab's words.");
  const alert = other.getByRole("alert", { name: "This post changed elsewhere" });
  await expect(alert).toBeVisible();
  await expect(other.getByRole("status").filter({ hasText: "changed elsewhere" })).toBeVisible();
  const stored = async () => ((await (await api.get(`/api/posts/${id}?format=html`)).json()) as { rendered: string }).rendered;
  expect(await stored()).toContain("First tab's words.");
  expect(await stored()).not.toContain("Second tab's words.");

  // Overwrite: tab 2's version wins, on purpose.
  await alert.getByRole("button", { name: "Overwrite" }).click();
  await expect(other.getByRole("status").filter({ hasText: /^Saved at/ })).toBeVisible();
  await expect(alert).toBeHidden();
  expect(await stored()).toContain("Second tab's words.");

  // Now tab 1 is behind: Reload takes the stored version.
  await page.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" More from the first tab.");
  const firstAlert = page.getByRole("alert", { name: "This post changed elsewhere" });
  await expect(firstAlert).toBeVisible();
  await firstAlert.getByRole("button", { name: "Reload" }).click();
  await expect(firstAlert).toBeHidden();
  await expect(page.getByRole("textbox", { name: "Content" })).toContainText("Second tab's words.");
  await expect(page.getByRole("textbox", { name: "Content" })).not.toContainText("More from the first tab.");
});
