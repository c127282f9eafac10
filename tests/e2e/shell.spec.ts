// The dashboard shell (DASHBOARD.md "Pages"): signed-out redirects with a way back, sign-in and
// sign-out, the navigation, a real 404, the account page; axe and screenshots of each.
import { expectNoSeriousA11yIssues } from "./support/a11y";
import { expect, signIn, test } from "./support/fixtures";
import { screenshot } from "./support/screenshots";

test("every dashboard URL sends a signed-out visitor to sign in, and back after it", async ({ page, makeUser }, testInfo) => {
  const user = await makeUser();
  for (const path of ["/dashboard", "/dashboard/posts?status=draft", "/dashboard/account", "/dashboard/keys", "/dashboard/no-such-page"]) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === "/signin" && url.searchParams.get("callbackUrl") === path);
  }
  await page.goto("/dashboard/posts?status=draft");
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "sign-in");
  await signIn(page, user, { from: "/dashboard/posts?status=draft", lands: "/dashboard/posts?status=draft" });
  await expect(page.getByRole("heading", { level: 1, name: "Posts" })).toBeVisible();
});

// Issue 21: a new author opened the banner's /signin, signed in, and was shown the form again: the
// header's prefetch of /dashboard, answered signed out with the redirect to /signin, was replayed
// by the client router after sign-in. Every way into the dashboard, each in a fresh browser state.
const STARTS = [
  { from: "/signin", lands: "/dashboard/posts" },
  { from: "/signin?callbackUrl=/dashboard", lands: "/dashboard/posts" },
  { from: "/signin?callbackUrl=%2Fdashboard", lands: "/dashboard/posts" },
  { from: "/dashboard", lands: "/dashboard/posts" },
  { from: "/dashboard/posts", lands: "/dashboard/posts" },
  { from: "/dashboard/keys", lands: "/dashboard/keys" },
  { from: "/dashboard/webhooks?x=1", lands: "/dashboard/webhooks?x=1" },
  { from: "/dashboard/account", lands: "/dashboard/account" },
];

test("signing in lands on the page the author set out for, from every start", async ({ page, makeUser }) => {
  const user = await makeUser();
  for (const { from, lands } of STARTS) {
    await page.context().clearCookies();
    await signIn(page, user, { from, lands });
    await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
    await expect(page.getByRole("banner")).toContainText(user.email.split("@")[0]);
  }
});

test("a foreign or malformed callbackUrl lands on the dashboard, never elsewhere", async ({ page, makeUser, baseURL }) => {
  const user = await makeUser();
  for (const callbackUrl of ["https://evil.example/dashboard", "//evil.example/", "/\\evil.example/", "/\t/evil.example", "javascript:alert(1)", "%", "/signin", "/api/me"]) {
    await page.context().clearCookies();
    await signIn(page, user, { from: `/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`, lands: "/dashboard/posts" });
    expect(new URL(page.url()).origin, `callbackUrl ${callbackUrl}`).toBe(new URL(baseURL!).origin);
    await expect(page.getByRole("heading", { level: 1, name: "Posts" })).toBeVisible();
  }
});

test("signing out and in again in the same tab works, twice", async ({ page, makeUser }) => {
  const user = await makeUser();
  await signIn(page, user);
  for (let round = 0; round < 2; round++) {
    await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/signin");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/dashboard/posts");
    await expect(page.getByRole("heading", { level: 1, name: "Posts" })).toBeVisible();
  }
});

test("a wrong password says so and stays on the sign-in page", async ({ page, makeUser }) => {
  const user = await makeUser();
  await page.goto("/signin");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill("wrong-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  // Next's route announcer is an (empty) alert too: find ours by its text.
  await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password." })).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);
});

test("the shell: navigation, the signed-in user, sign out", async ({ page, author }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/posts$/);
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  for (const name of ["Posts", "Collections", "API keys", "Webhooks", "Account"]) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Posts" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("banner")).toContainText(author.username);

  await nav.getByRole("link", { name: "Account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Account" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Account" })).toHaveAttribute("aria-current", "page");

  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto("/dashboard/posts");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=/);
});

test("an unknown dashboard page is a real 404 inside the shell", async ({ page, author }, testInfo) => {
  void author;
  const res = await page.goto("/dashboard/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "dashboard-404");
});

test("someone else's post is a 404, not a peek", async ({ page, makeUser }) => {
  const owner = await makeUser();
  await signIn(page, owner);
  const created = await page.request.post("/api/posts", { data: { title: "Mine", slug: "mine-only" } });
  const { id } = (await created.json()) as { id: string };
  await page.context().clearCookies();
  await signIn(page, await makeUser());
  const res = await page.goto(`/dashboard/posts/${id}`);
  expect(res?.status()).toBe(404);
});

test("account: the display name is editable and shows in the shell", async ({ page, author }, testInfo) => {
  await page.goto("/dashboard/account");
  await expect(page.getByTestId("username")).toHaveText(author.username);
  await expect(page.getByTestId("plan")).toHaveText("pro");
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "account");
  await page.getByLabel("Display name").fill("Ada Writes");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("banner")).toContainText("Ada Writes");
  await page.reload();
  await expect(page.getByLabel("Display name")).toHaveValue("Ada Writes");
});

test("the placeholder pages of what comes next pass axe", async ({ page, author }) => {
  void author;
  for (const path of ["/dashboard/collections", "/dashboard/keys", "/dashboard/webhooks"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousA11yIssues(page);
  }
});
