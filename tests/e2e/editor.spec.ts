// Writing in the editor (DASHBOARD.md "The editor"): Markdown shortcuts, the selection bubble with
// aria-pressed marks, the empty-line and "/" insert menus, word count, the settings panel, and
// autosave — checked through the API the dashboard writes with.
import { expectNoSeriousA11yIssues } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { screenshot } from "./support/screenshots";

async function newPost(page: import("@playwright/test").Page) {
  await page.goto("/dashboard/posts");
  await page.getByRole("button", { name: "New post" }).click();
  await expect(page).toHaveURL(/\/dashboard\/posts\/[^/]+$/);
  await expect(page.getByRole("textbox", { name: "Content" })).toBeVisible();
  return page.url().split("/").pop()!;
}

const saved = (page: import("@playwright/test").Page) => expect(page.getByRole("status").filter({ hasText: /^Saved at/ })).toBeVisible();

test("writes a formatted post with shortcuts and menus; autosave keeps it", async ({ page, api }, testInfo) => {
  const id = await newPost(page);
  await page.getByLabel("Title").fill("A field guide to moss");
  await expect(page.getByLabel("Slug")).toHaveValue("a-field-guide-to-moss");

  const content = page.getByRole("textbox", { name: "Content" });
  await content.click();
  // Markdown shortcuts: "## " heading, "**bold**", "- " list.
  await page.keyboard.type("## Where it grows");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Moss likes **shade** and water.");
  await page.keyboard.press("Enter");
  await page.keyboard.type("- north walls");
  await page.keyboard.press("Enter");
  await page.keyboard.type("old roofs");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter"); // leaves the list

  // "/" opens the insert menu; typing filters it; Enter inserts.
  await page.keyboard.type("/quo");
  await expect(page.getByRole("group", { name: "Insert block" }).getByRole("button", { name: "Quote" })).toBeVisible();
  await page.keyboard.press("Enter");
  await page.keyboard.type("Slow is a speed too.");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter"); // out of the quote, on an empty line

  // The empty-line menu inserts a divider.
  await page.getByRole("group", { name: "Insert block" }).getByRole("button", { name: "Divider" }).click();
  await page.keyboard.type("Field notes end here");

  // The bubble menu on a selection: Italic, with aria-pressed following the mark.
  await page.keyboard.down("Shift");
  for (let i = 0; i < "here".length; i++) await page.keyboard.press("ArrowLeft");
  await page.keyboard.up("Shift");
  const italic = page.getByRole("button", { name: "Italic" });
  await expect(italic).toHaveAttribute("aria-pressed", "false");
  await italic.click();
  await expect(italic).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "false");

  await expect(page.getByText(/\d+ words · 1 min read/)).toBeVisible();
  await saved(page);
  await screenshot(page, testInfo, "editor");
  await expectNoSeriousA11yIssues(page);

  // What autosave stored, rendered by the API.
  const res = await api.get(`/api/posts/${id}?format=html`);
  const post = (await res.json()) as { title: string; slug: string; rendered: string };
  expect(post.title).toBe("A field guide to moss");
  expect(post.slug).toBe("a-field-guide-to-moss");
  expect(post.rendered).toContain("<h2>Where it grows</h2>");
  expect(post.rendered).toContain("<strong>shade</strong>");
  expect(post.rendered).toMatch(/<ul><li><p>north walls<\/p><\/li><li><p>old roofs<\/p><\/li><\/ul>/);
  expect(post.rendered).toContain("<blockquote><p>Slow is a speed too.</p></blockquote>");
  expect(post.rendered).toContain("<hr>");
  expect(post.rendered).toContain("<em>here</em>");

  // A reload shows exactly what was saved.
  await page.reload();
  await expect(page.getByLabel("Title")).toHaveValue("A field guide to moss");
  await expect(page.getByRole("textbox", { name: "Content" }).locator("h2")).toHaveText("Where it grows");
  await expect(page.getByRole("textbox", { name: "Content" }).locator("strong")).toHaveText("shade");
});

test("links and images: the bubble's Link form and the Image dialog", async ({ page, api }) => {
  const id = await newPost(page);
  const content = page.getByRole("textbox", { name: "Content" });
  await content.click();
  await page.keyboard.type("Read the docs");
  await page.keyboard.down("Shift");
  for (let i = 0; i < "docs".length; i++) await page.keyboard.press("ArrowLeft");
  await page.keyboard.up("Shift");
  await page.getByRole("button", { name: "Link" }).click();
  await page.getByRole("textbox", { name: "Link URL" }).fill("example.org/docs");
  await page.getByRole("button", { name: "Apply link" }).click();
  await expect(content.locator('a[href="https://example.org/docs"]')).toHaveText("docs");
  await expect(content).toBeFocused();
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.getByRole("group", { name: "Insert block" }).getByRole("button", { name: "Image" }).click();
  const dialog = page.getByRole("dialog", { name: "Insert image" });
  await dialog.getByLabel("Image URL").fill("https://images.example.org/moss.png");
  await dialog.getByLabel("Alt text").fill("Moss on a stone");
  await dialog.getByRole("button", { name: "Insert image" }).click();
  await expect(dialog).toBeHidden();
  await saved(page);
  const post = (await (await api.get(`/api/posts/${id}?format=html`)).json()) as { rendered: string };
  expect(post.rendered).toContain('<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/docs">docs</a>');
  expect(post.rendered).toContain('<img src="https://images.example.org/moss.png" alt="Moss on a stone">');
});

test("settings: slug follows the title until edited, a taken slug shows the API's 409, SEO previews follow", async ({ page, api }) => {
  const res = await api.post("/api/posts", { data: { title: "Taken", slug: "taken-slug" } });
  expect(res.status()).toBe(201);
  const id = await newPost(page);
  await page.getByLabel("Title").fill("Taken slug");
  await expect(page.getByLabel("Slug")).toHaveValue("taken-slug");
  await expect(page.getByText("This slug is already used by another of your posts.")).toBeVisible();
  await page.getByLabel("Slug").fill("my-own-slug");
  await page.getByLabel("Title").fill("Taken slug, renamed");
  await expect(page.getByLabel("Slug")).toHaveValue("my-own-slug");
  await page.getByLabel("Tags").fill("Moss, Field notes");
  await page.getByLabel("Excerpt").fill("A short guide.");
  await page.getByRole("button", { name: "SEO and social" }).click();
  await page.getByLabel("SEO title").fill("Moss | Field guide");
  await page.getByLabel("Visibility").selectOption("link-only");
  const search = page.getByRole("region", { name: "Search result preview" });
  await expect(search).toContainText("Moss | Field guide");
  await expect(search).toContainText("/my-own-slug");
  await expect(search).toContainText("robots: noindex, nofollow");
  await expect(page.getByRole("region", { name: "Social card preview" })).toContainText("A short guide.");
  await saved(page);
  await expect(page.getByText("This slug is already used by another of your posts.")).toBeHidden();
  const post = (await (await api.get(`/api/posts/${id}`)).json()) as Record<string, unknown>;
  expect(post).toMatchObject({ slug: "my-own-slug", title: "Taken slug, renamed", excerpt: "A short guide.", seoTitle: "Moss | Field guide", visibility: "link-only" });
  expect((post.tags as { name: string }[]).map((tag) => tag.name).sort()).toEqual(["Field notes", "Moss"]);
});

test("the editor at 390 px wide", async ({ page, api }, testInfo) => {
  const id = (await (await api.post("/api/posts", { data: { title: "Small screens", slug: "small-screens", tagNames: ["mobile"], content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Writing on a phone works too: the settings move below the text." }] }] } } })).json()).id as string;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/dashboard/posts/${id}`);
  await expect(page.getByRole("textbox", { name: "Content" })).toContainText("Writing on a phone");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "editor-390");
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "editor-390-dark");
});
