// Publishing from the editor (DASHBOARD.md): "Publish" now, "Schedule" at a "Publish at" time in
// the author's time zone (stored as UTC), "Unpublish", "Delete" with a confirm, and "View"; the
// public API read shows what was written.
import { expect, test } from "./support/fixtures";

// An author in New York: the schedule is typed in their wall-clock time.
test.use({ timezoneId: "America/New_York" });

test("write, publish, read it publicly, unpublish", async ({ page, author }) => {
  await page.goto("/dashboard/posts");
  await page.getByRole("button", { name: "New post" }).click();
  await page.getByRole("textbox", { name: "Title" }).fill("Published from the browser");
  await page.getByRole("textbox", { name: "Content" }).click();
  await page.keyboard.type("This is **important** news.");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Published", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Unpublish" })).toBeVisible();
  await expect(page.getByRole("link", { name: "View" })).toHaveAttribute("href", `/${author.username}/published-from-the-browser`);

  const read = await page.request.get(`/api/posts/by-username/${author.username}/published-from-the-browser?format=html`);
  expect(read.status()).toBe(200);
  const post = (await read.json()) as { title: string; rendered: string; status: string };
  expect(post.title).toBe("Published from the browser");
  expect(post.rendered).toBe("<p>This is <strong>important</strong> news.</p>");

  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByRole("button", { name: "Publish", exact: true })).toBeVisible();
  expect((await page.request.get(`/api/posts/by-username/${author.username}/published-from-the-browser`)).status()).toBe(404);
});

test("schedule in the author's time zone: stored in UTC, hidden until then", async ({ page, api, author }) => {
  const { id } = (await (await api.post("/api/posts", { data: { title: "Later", slug: "later" } })).json()) as { id: string };
  await page.goto(`/dashboard/posts/${id}`);
  await page.getByRole("button", { name: "Schedule" }).click();
  const dialog = page.getByRole("dialog", { name: "Schedule" });
  await expect(dialog).toContainText("America/New_York");
  // Too soon is refused in place: that would be publishing now.
  const soon = new Date(Date.now() + 60_000);
  const local = (date: Date) => new Intl.DateTimeFormat("sv-SE", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }).format(date).replace(" ", "T");
  await dialog.getByLabel("Publish at").fill(local(soon));
  await dialog.getByRole("button", { name: "Schedule" }).click();
  await expect(dialog).toContainText("more than 5 minutes from now");

  await dialog.getByLabel("Publish at").fill("2031-06-02T09:30");
  await dialog.getByRole("button", { name: "Schedule" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Scheduled for Jun 2, 2031, 9:30\s?AM EDT/)).toBeVisible();

  const owner = (await (await api.get(`/api/posts/${id}`)).json()) as { status: string; publishedAt: string };
  expect(owner).toMatchObject({ status: "published", publishedAt: "2031-06-02T13:30:00.000Z" });
  expect((await api.get(`/api/posts/by-username/${author.username}/later`)).status()).toBe(404);

  await page.goto("/dashboard/posts?status=scheduled");
  await expect(page.getByRole("row", { name: /Later/ })).toContainText("Scheduled");
});

test("delete asks first, then the post is gone", async ({ page, api }) => {
  const { id } = (await (await api.post("/api/posts", { data: { title: "Short-lived", slug: "short-lived" } })).json()) as { id: string };
  await page.goto(`/dashboard/posts/${id}`);
  await page.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect((await api.get(`/api/posts/${id}`)).status()).toBe(200);

  await page.getByRole("button", { name: "Delete" }).click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/dashboard\/posts$/);
  expect((await api.get(`/api/posts/${id}`)).status()).toBe(404);
});
