// The API reference at /docs (PLATFORM.md "Reference page"): linked from the dashboard, renders the
// generated document with curl and SDK samples, and loads nothing from another host (every
// request the page makes is recorded; this machine reaches no CDN, so a miss would also break it).
// A developer who is not signed in tries a call with their key and reads our server's answer; the
// page declares its language and passes axe.
import { expectNoSeriousA11yIssues, type KnownA11yIssue } from "./support/a11y";
import { expect, test } from "./support/fixtures";
import { screenshot } from "./support/screenshots";

// Scalar's code blocks end in an icon-only copy button without a name, and we cannot reach into
// its markup (docs/api.md "Trying calls at /docs"). Only that rule, only those buttons.
const SCALAR_COPY_BUTTONS: KnownA11yIssue = { rule: "button-name", target: /^button\[aria-controls="scalar-refs-[\w-]+"\]$/, why: "Scalar's unnamed copy buttons" };

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

test("try GET /api/me with an API key and read the server's real answer", async ({ page, makeUser, makeKey, baseURL }, testInfo) => {
  const user = await makeUser({ plan: "free" });
  const key = await makeKey(user.id, ["posts:read"]);
  const origin = new URL(baseURL!).origin;
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));

  await page.goto("/docs");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { level: 1, name: "Inkbase API" })).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yIssues(page, [SCALAR_COPY_BUTTONS]);

  // The key goes into the reference's authentication once; every test request then carries it.
  await page.getByRole("region", { name: "Authentication" }).getByRole("textbox", { name: "Bearer Token" }).fill(key);
  await page.getByRole("link", { name: "Account" }).click();
  await page.getByRole("link", { name: /^Who am I/ }).click();
  const operation = page.getByRole("region", { name: "Who am I" });
  // The curl sample names this server, not a bare path.
  await expect(operation.getByRole("group", { name: /Request Example/ })).toContainText(`curl ${origin}/api/me`);
  await operation.getByRole("button", { name: "Test Request (get /api/me)" }).click();

  const client = page.getByRole("dialog", { name: "API Client" });
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/me");
  await client.getByRole("button", { name: `Send get request to ${origin}/api/me` }).click();
  const response = await answered;
  // Straight to our origin with the key (no Scalar proxy), answered by the real server.
  expect(new URL(response.url()).origin).toBe(origin);
  expect(response.request().headers().authorization).toBe(`Bearer ${key}`);
  expect(response.status()).toBe(200);
  const answer = client.getByRole("region", { name: "Response", exact: true });
  await expect(answer.getByRole("link", { name: "200 OK" })).toBeVisible();
  await expect(answer).toContainText(`"username": "${user.username}"`);
  await expect(answer).toContainText('"posts:read"');
  await screenshot(page, testInfo, "api-reference-try-it");

  const foreign = requests.filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
  expect(foreign).toEqual([]);
});
