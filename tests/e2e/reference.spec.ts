// The API reference at /docs (PLATFORM.md "Reference page"): linked from the dashboard, renders the
// generated document with curl and SDK samples, and loads nothing from another host (every
// request the page makes is recorded; this machine reaches no CDN, so a miss would also break it).
import { expect, test } from "./support/fixtures";

test("the dashboard links the API reference, which renders offline from our own origin", async ({ page, author, baseURL }) => {
  void author; // signed in: the dashboard shell is reachable
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));

  await page.goto("/dashboard/posts");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page).toHaveTitle("Inkbase API reference");
  await expect(page.getByRole("heading", { level: 1, name: "Inkbase API" })).toBeVisible({ timeout: 30_000 });
  // The generated operations, grouped by tag, and curl as the default code sample.
  await expect(page.getByText("Create a post", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Public posts", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Shell Curl").first()).toBeVisible();
  expect(requests.some((url) => url.endsWith("/api/openapi.json"))).toBe(true);
  expect(requests.some((url) => url.endsWith("/reference/scalar-standalone.js"))).toBe(true);

  const origin = new URL(baseURL ?? page.url()).origin;
  const foreign = requests.filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
  expect(foreign).toEqual([]);
});
