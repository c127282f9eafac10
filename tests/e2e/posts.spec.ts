// The posts page (DASHBOARD.md "Posts"): empty state, "New post", the table with its filters,
// search and pagination, and the bulk bar with per-item results.
import { expectNoSeriousA11yIssues } from "./support/a11y";
import { createPostViaApi, expect, test } from "./support/fixtures";
import { screenshot } from "./support/screenshots";

test("a new author sees the empty state, and New post opens the editor on a draft", async ({ page, author }, testInfo) => {
  void author;
  await page.goto("/dashboard/posts");
  await expect(page.getByRole("heading", { name: "No posts yet" })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "posts-empty");
  await page.getByRole("button", { name: "New post" }).click();
  await expect(page).toHaveURL(/\/dashboard\/posts\/[^/]+$/);
  await expect(page.getByRole("textbox", { name: "Title" })).toHaveValue("Untitled");
  await page.getByRole("link", { name: "← Posts" }).click();
  await expect(page.getByRole("row", { name: /Untitled/ })).toContainText("Draft");
});

test("filters by status and tag, searches titles and pages through 20 at a time", async ({ page, api }, testInfo) => {
  const future = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString();
  await createPostViaApi(api, { title: "Spring moss walk", slug: "spring-moss", status: "published", tagNames: ["Moss"] });
  await createPostViaApi(api, { title: "Lichen notes", slug: "lichen", tagNames: ["Lichen"] });
  await createPostViaApi(api, { title: "Autumn moss", slug: "autumn-moss", status: "published", publishedAt: future, tagNames: ["Moss", "Seasons"], visibility: "link-only" });
  for (let i = 1; i <= 20; i++) await createPostViaApi(api, { title: `Filler ${String(i).padStart(2, "0")}`, slug: `filler-${i}` });

  await page.goto("/dashboard/posts");
  const table = page.getByRole("table", { name: "Posts" });
  await expect(table.getByRole("row")).toHaveCount(21); // header + 20
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("Page 1 of 2 · 23 posts");
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "posts");
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table).toContainText("Spring moss walk");

  await page.getByRole("searchbox", { name: "Search posts" }).fill("MOSS");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(table.getByRole("row")).toHaveCount(3);
  await page.getByLabel("Status").selectOption("scheduled");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=scheduled/);
  const scheduled = table.getByRole("row", { name: /Autumn moss/ });
  await expect(scheduled).toContainText("Scheduled");
  await expect(scheduled).toContainText("Link only");
  await expect(table.getByRole("row")).toHaveCount(2);

  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/dashboard\/posts$/);
  await page.getByLabel("Tag").selectOption({ label: "Moss" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(table.getByRole("row")).toHaveCount(3);
  await page.getByLabel("Status").selectOption("draft");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("heading", { name: "No posts match" })).toBeVisible();
});

test("bulk publish, unpublish and delete with per-item results", async ({ page, api, author }) => {
  const a = await createPostViaApi(api, { title: "Bulk A", slug: "bulk-a" });
  await createPostViaApi(api, { title: "Bulk B", slug: "bulk-b", status: "published" });
  await createPostViaApi(api, { title: "Bulk C", slug: "bulk-c" });
  await page.goto("/dashboard/posts");

  await page.getByRole("checkbox", { name: "Select Bulk A" }).check();
  await page.getByRole("checkbox", { name: "Select Bulk B" }).check();
  const bar = page.getByRole("toolbar", { name: "Bulk actions" });
  await expect(bar).toContainText("2 selected");
  await bar.getByRole("button", { name: "Publish", exact: true }).click();
  const results = page.getByRole("region", { name: "Bulk action results" });
  await expect(results).toContainText("Bulk A: Published");
  await expect(results).toContainText("Bulk B: Already published");
  await expect(page.getByRole("row", { name: /Bulk A/ })).toContainText("Published");
  const read = await api.get(`/api/posts/by-username/${author.username}/bulk-a`);
  expect(read.status()).toBe(200);

  await page.getByRole("checkbox", { name: "Select Bulk A" }).check();
  await bar.getByRole("button", { name: "Unpublish" }).click();
  await expect(results).toContainText("Bulk A: Unpublished");
  expect((await api.get(`/api/posts/by-username/${author.username}/bulk-a`)).status()).toBe(404);

  await page.getByRole("checkbox", { name: "Select all posts" }).check();
  await bar.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete" });
  await expect(dialog).toContainText("these 3 posts");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(results).toContainText("3 of 3 done");
  await expect(page.getByRole("heading", { name: "No posts yet" })).toBeVisible();
  expect((await api.get(`/api/posts/${a}`)).status()).toBe(404);
});

test("a co-authored post shows read-only with the co-author's own Show on my blog switch", async ({ page, author, makeUser, makeKey }) => {
  // Another user writes the post with this author as co-author, through the API with a key.
  const owner = await makeUser();
  const key = await makeKey(owner.id, ["posts:write"]);
  const res = await page.request.post("/api/posts", {
    headers: { Authorization: `Bearer ${key}` },
    data: { title: "Written together", slug: "together", status: "published", coauthors: [{ username: author.username }] },
  });
  expect(res.status(), await res.text()).toBe(201);

  await page.goto("/dashboard/posts");
  const row = page.getByRole("row", { name: /Written together/ });
  await expect(row).toContainText(`by @${owner.username}`);
  await expect(row.getByRole("checkbox", { name: "Select Written together" })).toHaveCount(0);
  const listed = async () => ((await (await page.request.get(`/api/posts/by-username/${author.username}`)).json()) as { slug: string }[]).map((post) => post.slug);
  expect(await listed()).not.toContain("together");
  await row.getByRole("checkbox", { name: "Show on my blog" }).check();
  await expect.poll(listed).toContain("together");
});
