// Collections in the browser (DASHBOARD "Collections", "Versions and labels"): an entry created
// from the schema's form, edited into versions, compared with word highlights, `production`
// moved through the "Move label" dialog (which shows the diff first), the label history, a roll
// back from it, and the key-authenticated `label=production` read that serves each choice. Axe
// on every page; screenshots of the collection, entry, compare and dialog.
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoSeriousA11yIssues } from "./support/a11y";
import { expect, signIn, test } from "./support/fixtures";
import { screenshot } from "./support/screenshots";

const SCHEMA = {
  fields: [
    { name: "title", type: "string", required: true },
    { name: "slug", type: "slug" },
    { name: "summary", type: "text" },
    { name: "body", type: "richtext" },
    { name: "tags", type: "array", items: "string" },
  ],
  indexes: { title: "title", slug: "slug", summary: "summary" },
};

async function makeCollection(api: APIRequestContext, slug: string): Promise<void> {
  const res = await api.post("/api/collections", { data: { name: "Guides", slug, schema: SCHEMA } });
  expect(res.status(), await res.text()).toBe(201);
}

async function productionTitle(page: Page, key: string, collection: string): Promise<string | undefined> {
  const res = await page.request.get(`/api/collections/${collection}/entries?label=production&full=1`, { headers: { Authorization: `Bearer ${key}` } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { entries: { data: { title: string } }[] };
  return body.entries[0]?.data.title;
}

test("create an entry, edit it into versions, compare, move production, roll back", async ({ page, api, author, makeKey }, testInfo) => {
  test.setTimeout(180_000);
  const collection = `guides-${Date.now().toString(36)}`;
  await makeCollection(api, collection);
  const key = await makeKey(author.id, ["collections:read"]);

  await page.goto("/dashboard/collections");
  await expect(page.getByRole("heading", { name: "Collections", level: 1 })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.getByRole("link", { name: "Guides" }).click();
  await expect(page.getByRole("heading", { name: "Guides", level: 1 })).toBeVisible();

  // New entry from the generated form.
  await page.getByRole("link", { name: "New entry" }).click();
  await expect(page.getByRole("heading", { name: "New entry" })).toBeVisible();
  await page.getByLabel("title (required)").fill("Install the CLI");
  await page.getByLabel("slug").fill("install-cli");
  await page.getByRole("textbox", { name: "body" }).click();
  await page.keyboard.type("Run the installer first.");
  await page.getByLabel("tags").fill('["setup"]');
  await expectNoSeriousA11yIssues(page);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "Install the CLI", level: 1 })).toBeVisible();
  await expect(page.getByText("current version v_1")).toBeVisible();

  // JSON is validated in place; nothing is sent while it does not parse.
  await page.getByLabel("tags").fill("[broken");
  await expect(page.getByText("Not valid JSON")).toBeVisible();
  await page.getByLabel("tags").fill('["setup", "cli"]');

  // Two more versions.
  await page.getByLabel("title (required)").fill("Install the Inkbase CLI");
  await page.getByRole("textbox", { name: "body" }).click();
  await page.keyboard.press("End");
  await page.keyboard.type(" Then sign in.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("current version v_2")).toBeVisible();
  await page.getByLabel("summary").fill("The quickest way to start");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("current version v_3")).toBeVisible();

  // Versions: newest first, written by the session's user.
  const versions = page.getByRole("table", { name: "Versions", exact: true });
  await expect(versions.getByRole("row")).toHaveCount(4);
  await expect(versions.getByRole("row").nth(1)).toContainText("v_3");
  await expect(versions.getByRole("row").nth(1)).toContainText(author.username);

  // Compare v_1 with v_3 from the URL: word highlights, unchanged fields hidden by default.
  await page.goto(`${new URL(page.url()).pathname}?compare=v_1...v_3`);
  const diff = page.getByRole("region", { name: "Changes from v_1 to v_3" });
  await expect(diff.locator("ins", { hasText: "Inkbase" })).toBeVisible();
  await expect(diff.locator("ins", { hasText: "Then sign in." })).toBeVisible();
  await expect(diff.locator("ins", { hasText: "cli" })).toBeVisible();
  await expect(diff.getByRole("rowheader", { name: "slug" })).toBeHidden();
  await expect(page.getByRole("checkbox", { name: "Changed fields only" })).toBeChecked();
  await page.getByRole("checkbox", { name: "Changed fields only" }).uncheck();
  await expect(diff.getByRole("rowheader", { name: "slug" })).toBeVisible();
  await page.getByRole("checkbox", { name: "Changed fields only" }).check();
  await expect(diff).not.toContainText("{");
  await page.locator("#compare").scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, "collection-entry-compare");
  await expectNoSeriousA11yIssues(page);

  // Publish v_1, then promote to v_3 after seeing the diff.
  await page.getByRole("button", { name: "Move label", exact: true }).click();
  let dialog = page.getByRole("dialog", { name: "Move label" });
  await dialog.getByLabel("Label").fill("production");
  await dialog.getByLabel("Version").selectOption("1");
  await expect(dialog).toContainText("production is new: it will point at v_1.");
  await dialog.getByRole("button", { name: "Move label", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("list", { name: "Labels of this entry" })).toContainText("v_1");
  expect(await productionTitle(page, key, collection)).toBe("Install the CLI");

  await page.getByRole("button", { name: "Move label", exact: true }).click();
  dialog = page.getByRole("dialog", { name: "Move label" });
  await dialog.getByLabel("Version").selectOption("3");
  await expect(dialog.locator("ins", { hasText: "Inkbase" })).toBeVisible();
  await expect(dialog.locator("ins", { hasText: "Then sign in." })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "collection-move-label");
  await dialog.getByRole("button", { name: "Move label", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("list", { name: "Labels of this entry" })).toContainText("v_3");
  expect(await productionTitle(page, key, collection)).toBe("Install the Inkbase CLI");

  // The history, newest first, and a roll back to the past position through the same dialog.
  const history = page.getByRole("table", { name: "Label history", exact: true });
  await expect(history.getByRole("row")).toHaveCount(3);
  await expect(history.getByRole("row").nth(1)).toContainText("v_1 → v_3");
  await expect(history.getByRole("row").nth(2)).toContainText("(new) → v_1");
  await screenshot(page, testInfo, "collection-entry", { fullPage: true });
  await history.getByRole("button", { name: "Roll back production to v_1" }).click();
  dialog = page.getByRole("dialog", { name: "Move label" });
  await expect(dialog.getByLabel("Label")).toHaveValue("production");
  await expect(dialog.getByLabel("Version")).toHaveValue("1");
  await expect(dialog.locator("del", { hasText: "Inkbase" })).toBeVisible();
  await dialog.getByRole("button", { name: "Move label", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(history.getByRole("row")).toHaveCount(4);
  await expect(history.getByRole("row").nth(1)).toContainText("v_3 → v_1");
  expect(await productionTitle(page, key, collection)).toBe("Install the CLI");

  // The API's history agrees, with the session's user as the mover.
  const entryId = new URL(page.url()).pathname.split("/").pop()!;
  const moves = (await (await api.get(`/api/collections/${collection}/entries/${entryId}/labels/production/history`)).json()) as { data: { version: string; movedBy: { type: string; id: string } }[] };
  expect(moves.data.map((move) => move.version)).toEqual(["v_1", "v_3", "v_1"]);
  expect(moves.data[0].movedBy).toEqual({ type: "session", id: author.id });

  // Removing a label confirms first.
  await page.getByRole("button", { name: "Remove label production" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove label" });
  await expect(confirm).toContainText("draft");
  await confirm.getByRole("button", { name: "Remove label" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("No labels: this entry is a draft.")).toBeVisible();
  expect(await productionTitle(page, key, collection)).toBeUndefined();

  // The entries table shows it with filters.
  await page.goto(`/dashboard/collections/${collection}`);
  const table = page.getByRole("table", { name: "Entries", exact: true });
  await expect(table).toContainText("Install the Inkbase CLI");
  await expect(table).toContainText("Draft");
  await screenshot(page, testInfo, "collection");
  await expectNoSeriousA11yIssues(page);
  await page.getByLabel("Status").selectOption("published");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No entries match")).toBeVisible();
});

test("a save over a version written elsewhere shows the conflict with Reload and Overwrite; field errors sit by their fields", async ({ page, api }, testInfo) => {
  const collection = `conflict-${Date.now().toString(36)}`;
  await makeCollection(api, collection);
  const created = (await (await api.post(`/api/collections/${collection}/entries`, { data: { data: { title: "First" } } })).json()) as { id: string };
  await page.goto(`/dashboard/collections/${collection}/entries/${created.id}`);
  await expect(page.getByText("current version v_1")).toBeVisible();
  // Another tab saves v_2.
  expect((await api.patch(`/api/collections/${collection}/entries/${created.id}`, { data: { data: { title: "Elsewhere" } } })).status()).toBe(200);
  await page.getByLabel("title (required)").fill("Mine");
  await page.getByRole("button", { name: "Save" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "changed elsewhere" });
  await expect(alert).toContainText("v_2");
  await expect(alert.getByRole("button", { name: "Reload" })).toBeVisible();
  await alert.getByRole("button", { name: "Overwrite" }).click();
  await expect(page.getByText("current version v_3")).toBeVisible();
  const current = (await (await api.get(`/api/collections/${collection}/entries/${created.id}?version=v_3`)).json()) as { data: { title: string } };
  expect(current.data.title).toBe("Mine");

  // The API's validation message appears beside the slug field.
  await page.getByLabel("slug").fill("Not A Slug");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByLabel("slug")).toHaveAttribute("aria-invalid", "true");

  // At 390 px in dark mode the page still reads and passes axe (contrast included).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`/dashboard/collections/${collection}/entries/${created.id}?compare=v_1...v_3`);
  await expect(page.getByRole("table", { name: "Changes from v_1 to v_3" })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "collection-entry-390-dark");
});

test("new collection and schema editing show the re-projection result", async ({ page, author }) => {
  void author; // signed in
  const slug = `notes-${Date.now().toString(36)}`;
  await page.goto("/dashboard/collections");
  await page.getByRole("link", { name: "New collection" }).click();
  await expect(page.getByRole("heading", { name: "New collection" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill("Notes");
  await page.getByLabel("Slug", { exact: true }).fill(slug);
  await page.getByRole("button", { name: "Add field" }).click();
  const second = page.getByRole("group", { name: "Field 2" });
  await second.getByLabel("Field name").fill("priority");
  await second.getByLabel("Type").selectOption("integer");
  await second.getByLabel("Minimum", { exact: true }).fill("1");
  await second.getByLabel("Maximum", { exact: true }).fill("5");
  await expectNoSeriousA11yIssues(page);
  await page.getByRole("button", { name: "Create collection" }).click();
  await expect(page.getByRole("heading", { name: "Notes", level: 1 })).toBeVisible();
  await expect(page.getByText("No entries yet")).toBeVisible();

  // One entry, then a new index mapping re-projects it.
  const res = await page.request.post(`/api/collections/${slug}/entries`, { data: { data: { title: "Remember", priority: 2 } } });
  expect(res.status()).toBe(201);
  await page.getByRole("link", { name: "Edit schema" }).click();
  await page.getByLabel("Summary from").fill("title");
  await expectNoSeriousA11yIssues(page);
  await page.getByRole("button", { name: "Save schema" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Re-projected 1 entry" })).toBeVisible();
});

test("a free-plan author sees what Pro unlocks instead of an error", async ({ page, makeUser }) => {
  const free = await makeUser({ plan: "free" });
  await signIn(page, free);
  await page.goto("/dashboard/collections");
  await expect(page.getByRole("heading", { name: "Collections are part of Pro" })).toBeVisible();
  await expect(page.getByText("Labels such as")).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await page.goto("/dashboard/collections/anything/entries/else");
  await expect(page.getByRole("heading", { name: "Collections are part of Pro" })).toBeVisible();
});
