// Content modeling in the browser (MODELING): a reference field in the schema editor, picking
// references in the entry form with the searchable combobox (named by the field's label), the
// target's "Referenced by", and a label move scheduled for later from the "Move label" dialog, then
// cancelled from the entry page's "Scheduled moves". Axe on every page; screenshots of the picker,
// the dialog and the entry page (light, dark at 390 px).
import type { APIRequestContext } from "@playwright/test";
import { expectNoSeriousA11yIssues } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { screenshot } from "./support/screenshots";

async function post<T>(api: APIRequestContext, path: string, data: unknown): Promise<T> {
  const res = await api.post(path, { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as T;
}

async function model(api: APIRequestContext, suffix: string) {
  const authors = `authors-${suffix}`;
  const articles = `articles-${suffix}`;
  await post(api, "/api/collections", { name: "Authors", slug: authors, fields: [{ name: "name", type: "string", required: true }], indexes: { title: "name" } });
  await post(api, "/api/collections", {
    name: "Articles",
    slug: articles,
    fields: [
      { name: "title", type: "string", required: true },
      { name: "author", type: "reference", collection: authors },
      { name: "related", type: "array", items: "reference", collection: articles },
    ],
    indexes: { title: "title" },
  });
  return { authors, articles };
}

test("pick references in the entry form; the author lists the article under Referenced by", async ({ page, api }, testInfo) => {
  test.setTimeout(120_000);
  const { authors, articles } = await model(api, Date.now().toString(36));
  const ada = await post<{ id: string }>(api, `/api/collections/${authors}/entries`, { data: { name: "Ada Lovelace" }, label: "production" });
  await post(api, `/api/collections/${authors}/entries`, { data: { name: "Grace Hopper" } });
  const older = await post<{ id: string }>(api, `/api/collections/${articles}/entries`, { data: { title: "Notes on the Engine" } });

  await page.goto(`/dashboard/collections/${articles}/entries/new`);
  await page.getByLabel("title (required)").fill("On computing");
  const author = page.getByRole("combobox", { name: "author" });
  await author.fill("Ada");
  const options = page.getByRole("listbox", { name: "author: matching entries" });
  await expect(options.getByRole("option")).toHaveCount(1);
  await expect(options.getByRole("option")).toContainText("Ada Lovelace");
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "collection-reference-picker");
  // The keyboard picks it.
  await author.press("ArrowDown");
  await expect(options.getByRole("option", { name: /Ada Lovelace/ })).toHaveAttribute("aria-selected", "true");
  await author.press("Enter");
  await expect(author).toHaveValue("Ada Lovelace");
  await expect(options).toBeHidden();

  // The list of references: pick one by mouse, it shows as chosen with Remove.
  const related = page.getByRole("combobox", { name: "related" });
  await related.click();
  await page.getByRole("listbox", { name: "related: matching entries" }).getByRole("option", { name: /Notes on the Engine/ }).click();
  await expect(page.getByRole("list", { name: "related: chosen entries" })).toContainText("Notes on the Engine");
  await expect(page.getByRole("button", { name: "Remove Notes on the Engine" })).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { name: "On computing", level: 1 })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "author" })).toHaveValue("Ada Lovelace");
  await expectNoSeriousA11yIssues(page);

  // Stored as ids.
  const articleId = new URL(page.url()).pathname.split("/").pop()!;
  const stored = (await (await api.get(`/api/collections/${articles}/entries/${articleId}?version=v_1`)).json()) as { data: Record<string, unknown> };
  expect(stored.data).toEqual({ title: "On computing", author: ada.id, related: [older.id] });

  // The author's page says who references her; the link leads back.
  await page.goto(`/dashboard/collections/${authors}/entries/${ada.id}`);
  const referencedBy = page.getByRole("list", { name: "Referenced by" });
  await expect(referencedBy).toContainText("On computing");
  await expect(referencedBy).toContainText("/author");
  await expectNoSeriousA11yIssues(page);
  await referencedBy.getByRole("link", { name: "On computing" }).click();
  await expect(page.getByRole("heading", { name: "On computing", level: 1 })).toBeVisible();

  // Clearing the author and saving drops the reference.
  await page.getByRole("button", { name: "Clear author" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("current version v_2")).toBeVisible();
  const current = (await (await api.get(`/api/collections/${articles}/entries/${articleId}?version=v_2`)).json()) as { data: Record<string, unknown> };
  expect(current.data).toEqual({ title: "On computing", related: [older.id] });
});

test("schedule a label move for later from the Move label dialog, then cancel it", async ({ page, api }, testInfo) => {
  test.setTimeout(120_000);
  const { articles } = await model(api, `s${Date.now().toString(36)}`);
  const created = await post<{ id: string }>(api, `/api/collections/${articles}/entries`, { data: { title: "Release notes" }, label: "production" });
  expect((await api.patch(`/api/collections/${articles}/entries/${created.id}`, { data: { data: { title: "Release notes, final" } } })).status()).toBe(200);
  await page.goto(`/dashboard/collections/${articles}/entries/${created.id}`);
  await expect(page.getByText("No label moves are scheduled.")).toBeVisible();

  await page.getByRole("button", { name: "Move label", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Move label" });
  await dialog.getByLabel("Version").selectOption("2");
  await dialog.getByRole("checkbox", { name: "Schedule for later" }).check();
  const when = dialog.getByLabel("Move at");
  await expect(when).toBeVisible();
  // The zone the time is read in is shown with it.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  await expect(dialog).toContainText(`Your time zone: ${zone}`);
  // Tomorrow at 09:00 in the author's zone.
  const tomorrow = await page.evaluate(() => {
    const date = new Date();
    date.setDate(date.getDate() + 1);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T09:00`;
  });
  await when.fill(tomorrow);
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "collection-schedule-move");
  await dialog.getByRole("button", { name: "Move label", exact: true }).click();
  await expect(dialog).toBeHidden();

  // Nothing moved yet; the move is listed, at that time, with Cancel.
  await expect(page.getByRole("list", { name: "Labels of this entry" })).toContainText("v_1");
  const scheduled = page.getByRole("table", { name: "Scheduled moves" });
  await expect(scheduled.getByRole("row")).toHaveCount(2);
  await expect(scheduled.getByRole("row").nth(1)).toContainText("production");
  await expect(scheduled.getByRole("row").nth(1)).toContainText("v_2");
  await expect(scheduled.getByRole("row").nth(1)).toContainText("9:00");
  const listed = (await (await api.get(`/api/collections/${articles}/scheduled`)).json()) as { data: { at: string; version: string }[] };
  expect(listed.data.map((move) => move.version)).toEqual(["v_2"]);
  expect(listed.data[0].at).toBe(await page.evaluate((local) => new Date(local).toISOString(), tomorrow));
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "collection-entry-scheduled", { fullPage: true });

  await scheduled.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("No label moves are scheduled.")).toBeVisible();
  expect(((await (await api.get(`/api/collections/${articles}/scheduled`)).json()) as { data: unknown[] }).data).toEqual([]);
  const label = (await (await api.get(`/api/collections/${articles}/entries/${created.id}/labels/production`)).json()) as { version: string };
  expect(label.version).toBe("v_1");

  // At 390 px in dark mode the dialog with its schedule still reads and passes axe.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.getByRole("button", { name: "Move label", exact: true }).click();
  await page.getByRole("dialog", { name: "Move label" }).getByRole("checkbox", { name: "Schedule for later" }).check();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "collection-schedule-move-390-dark");
});

test("a reference field in the schema editor points into a chosen collection", async ({ page, api }) => {
  const { authors } = await model(api, `e${Date.now().toString(36)}`);
  const slug = `reviews-${Date.now().toString(36)}`;
  await page.goto("/dashboard/collections/new");
  await page.getByLabel("Name", { exact: true }).fill("Reviews");
  await page.getByLabel("Slug", { exact: true }).fill(slug);
  await page.getByRole("button", { name: "Add field" }).click();
  const second = page.getByRole("group", { name: "Field 2" });
  await second.getByLabel("Field name").fill("reviewer");
  await second.getByLabel("Type").selectOption("reference");
  await second.getByLabel("Collection").selectOption(authors);
  await page.getByRole("button", { name: "Add field" }).click();
  const third = page.getByRole("group", { name: "Field 3" });
  await third.getByLabel("Field name").fill("see_also");
  await third.getByLabel("Type").selectOption("array");
  await third.getByLabel("Item type").selectOption("reference");
  await expect(third.getByLabel("Collection")).toHaveValue("");
  await expectNoSeriousA11yIssues(page);
  await page.getByRole("button", { name: "Create collection" }).click();
  await expect(page.getByRole("heading", { name: "Reviews", level: 1 })).toBeVisible();
  const made = (await (await api.get(`/api/collections/${slug}`)).json()) as { schema: { fields: unknown[] } };
  expect(made.schema.fields).toEqual([
    { name: "title", type: "string", required: true },
    { name: "reviewer", type: "reference", collection: authors },
    { name: "see_also", type: "array", items: "reference", collection: slug },
  ]);
});
