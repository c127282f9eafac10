// Accounts in Chromium (ACCOUNTS.md), against a server of this file's own with REGISTRATION=open
// and a real SMTP server catching the mail, on the project's database kind: sign-up by keyboard
// to the dashboard's "Verify your email address" and the mailed link; a forgotten password
// recovered from the mail to /signin's "Password changed"; the Account page's email change,
// password change (the other browser is signed out), "Sign out everywhere" and the "Delete
// account" dialog. Every page is checked with axe, at 390 px and in dark mode.
import { randomBytes } from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { startAccountsWorld, tokenFrom, type AccountsWorld } from "../support/accounts-server";
import { expectNoSeriousA11yIssues } from "./support/a11y";
import { screenshot } from "./support/screenshots";

let world: AccountsWorld;

test.beforeAll(async ({}, workerInfo) => {
  test.setTimeout(180_000);
  world = await startAccountsWorld({ databaseKind: workerInfo.project.name === "postgres" ? "postgres" : "embedded", env: { RATE_LIMIT_PUBLIC_PER_MIN: "10000" } });
});
test.afterAll(async () => {
  await world?.server.stop();
  await world?.smtp.close();
  await world?.database.drop();
});

const fresh = () => {
  const username = `e2e-${randomBytes(4).toString("hex")}`;
  return { username, email: `${username}@example.test`, password: `Quiet-Harbor-${randomBytes(3).toString("hex")}` };
};
const url = (path: string) => `${world.baseUrl}${path}`;

/** The page at 390 px in dark mode passes axe too; then back to the desktop light view. */
async function checkNarrowDark(page: Page, name: string, testInfo: Parameters<typeof screenshot>[1]): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await expectNoSeriousA11yIssues(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "no sideways scrolling at 390 px").toBeLessThanOrEqual(0);
  await screenshot(page, testInfo, `${name}-390-dark`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });
}

async function signUpByKeyboard(page: Page, account: ReturnType<typeof fresh>): Promise<void> {
  await page.goto(url("/signup"));
  await page.getByLabel("Username").focus();
  await page.keyboard.type(account.username);
  await page.keyboard.press("Tab"); // past the username's hint (not focusable) to Email
  await expect(page.getByLabel("Email")).toBeFocused();
  await page.keyboard.type(account.email);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password")).toBeFocused();
  await page.keyboard.type(account.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((target) => target.pathname.startsWith("/dashboard"), { timeout: 20_000 });
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(url("/signin"));
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((target) => target.pathname.startsWith("/dashboard"));
}

/** A verified account, signed in on `page`. */
async function verified(page: Page): Promise<ReturnType<typeof fresh>> {
  const account = fresh();
  await signUpByKeyboard(page, account);
  const mail = await world.smtp.waitFor({ to: account.email, subject: /verify/i });
  await page.goto(tokenLink(mail.links, "/verify-email"));
  await expect(page.getByText("Email address verified")).toBeVisible();
  return account;
}

const tokenLink = (links: string[], path: string) => url(`${path}?token=${encodeURIComponent(tokenFrom(links, path))}`);

test("sign up by keyboard, see the verification notice, follow the mailed link", async ({ page }, testInfo) => {
  const account = fresh();
  await page.goto(url("/signup"));
  await expect(page.getByRole("heading", { level: 1, name: "Create account" })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "signup");
  await checkNarrowDark(page, "signup", testInfo);

  // A common password is refused on its field, and nothing is made.
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("1234567890");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("This password is too common")).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");

  await signUpByKeyboard(page, account);
  await expect(page.getByText("Verify your email address", { exact: true })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "dashboard-verify-email");

  // Publishing waits for the link: the API says why.
  const refused = await page.request.post(url("/api/posts"), { data: { title: "Too soon", slug: "too-soon", status: "published" } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: "Verify your email address first" });

  await world.smtp.waitFor({ to: account.email, subject: /verify/i }); // the sign-up's own
  const before = world.smtp.to(account.email).length;
  await page.getByRole("button", { name: "Resend verification email" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Sent. Check your inbox." })).toBeVisible();
  await expect.poll(() => world.smtp.to(account.email).length).toBe(before + 1);
  const mail = world.smtp.to(account.email).at(-1)!;
  expect(mail.html).toContain(url("/verify-email?token="));

  // The link works without a session, in another browser.
  const other = await page.context().browser()!.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(tokenLink(mail.links, "/verify-email"));
  await expect(otherPage.getByText("Email address verified")).toBeVisible();
  await expectNoSeriousA11yIssues(otherPage);
  await screenshot(otherPage, testInfo, "verify-email");
  await checkNarrowDark(otherPage, "verify-email", testInfo);
  // Used: the same link again says so.
  await otherPage.reload();
  await expect(otherPage.getByRole("alert").filter({ hasText: "Invalid or expired link" })).toBeVisible();
  await other.close();

  await page.reload();
  await expect(page.getByText("Verify your email address", { exact: true })).toHaveCount(0);
  const published = await page.request.post(url("/api/posts"), { data: { title: "Now", slug: "now", status: "published" } });
  expect(published.status()).toBe(201);
});

test("a forgotten password is recovered from the mail", async ({ page, browser }, testInfo) => {
  const account = await verified(page);
  const stale = await signedInElsewhere(browser, account.email, account.password);

  const visitor = await browser.newContext();
  const reset = await visitor.newPage();
  await reset.goto(url("/signin"));
  await reset.getByRole("link", { name: "Forgot password?" }).click();
  await expect(reset).toHaveURL(url("/forgot-password"));
  await expectNoSeriousA11yIssues(reset);
  await screenshot(reset, testInfo, "forgot-password");
  await checkNarrowDark(reset, "forgot-password", testInfo);
  const before = world.smtp.to(account.email).length;
  await reset.getByLabel("Email").fill(account.email);
  await reset.getByRole("button", { name: "Send reset link" }).click();
  await expect(reset.getByRole("status")).toContainText("If an account uses");

  await expect.poll(() => world.smtp.to(account.email).filter((mail) => /reset/i.test(mail.subject)).length).toBe(1);
  const mail = world.smtp.to(account.email).slice(before).find((candidate) => /reset/i.test(candidate.subject))!;
  await reset.goto(tokenLink(mail.links, "/reset-password"));
  await expect(reset.getByRole("heading", { level: 1, name: "Set a new password" })).toBeVisible();
  await expectNoSeriousA11yIssues(reset);
  await screenshot(reset, testInfo, "reset-password");
  await checkNarrowDark(reset, "reset-password", testInfo);
  await reset.getByLabel("New password").fill("qwertyuiop");
  await reset.getByRole("button", { name: "Set password" }).click();
  await expect(reset.getByText("This password is too common")).toBeVisible();
  const newPassword = "Lantern-Quay-Orchard-7";
  await reset.getByLabel("New password").fill(newPassword);
  await reset.getByRole("button", { name: "Set password" }).click();
  await expect(reset).toHaveURL(/\/signin\?passwordChanged=1$/);
  await expect(reset.getByText("Password changed", { exact: true })).toBeVisible();
  await expectNoSeriousA11yIssues(reset);

  // Every session ended: the other browser is sent to sign in.
  await stale.goto(url("/dashboard/posts"));
  await expect(stale).toHaveURL(/\/signin/);
  await reset.getByLabel("Email").fill(account.email);
  await reset.getByLabel("Password").fill(newPassword);
  await reset.getByRole("button", { name: "Sign in" }).click();
  await expect(reset).toHaveURL((target) => target.pathname.startsWith("/dashboard"));
  await visitor.close();
  await stale.context().close();
});

async function signedInElsewhere(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return page;
}

test("the Account page: email change, password change, sign out everywhere", async ({ page, browser }, testInfo) => {
  const account = await verified(page);
  await page.goto(url("/dashboard/account"));
  await expect(page.getByRole("heading", { level: 2, name: "Email" })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "account-settings", { fullPage: true });
  await checkNarrowDark(page, "account-settings", testInfo);

  // Email: a wrong password is said on its field; then the link to the new address.
  const emailForm = page.getByRole("form", { name: "Change email" });
  const newEmail = `new-${account.email}`;
  await emailForm.getByLabel("New email").fill(newEmail);
  await emailForm.getByLabel("Current password").fill("not-my-password");
  await emailForm.getByRole("button", { name: "Change email" }).click();
  await expect(emailForm.getByText("Wrong password")).toBeVisible();
  await emailForm.getByLabel("Current password").fill(account.password);
  await emailForm.getByRole("button", { name: "Change email" }).click();
  await expect(emailForm.getByRole("status")).toContainText(`We sent a confirmation link to ${newEmail}`);
  const confirm = await world.smtp.waitFor({ to: newEmail, subject: /confirm/i });
  await page.goto(tokenLink(confirm.links, "/confirm-email"));
  await expect(page.getByText(`Email address changed to ${newEmail}`)).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await world.smtp.waitFor({ to: account.email, subject: /email address was changed/i });

  // Password: the other browser is signed out, this one stays.
  const elsewhere = await signedInElsewhere(browser, newEmail, account.password);
  await page.goto(url("/dashboard/account"));
  const passwordForm = page.getByRole("form", { name: "Change password" });
  const newPassword = "Meadow-Lantern-Fjord-3";
  await passwordForm.getByLabel("Current password").fill(account.password);
  await passwordForm.getByLabel("New password").fill(newPassword);
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(passwordForm.getByRole("status")).toHaveText("Password changed. Other sessions were signed out.");
  await world.smtp.waitFor({ to: newEmail, subject: /password was changed/i });
  await page.reload();
  await expect(page).toHaveURL(url("/dashboard/account"));
  await elsewhere.reload();
  await expect(elsewhere).toHaveURL(/\/signin/);

  // Sign out everywhere: this session too.
  const another = await signedInElsewhere(browser, newEmail, newPassword);
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await another.reload();
  await expect(another).toHaveURL(/\/signin/);
  await elsewhere.context().close();
  await another.context().close();
});

test("Delete account asks for the password in its dialog, then the account is gone", async ({ page }, testInfo) => {
  const account = await verified(page);
  await page.request.post(url("/api/posts"), { data: { title: "Bye", slug: "bye", status: "published" } });
  await page.goto(url("/dashboard/account"));
  await page.getByRole("button", { name: "Delete account" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete account" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Password")).toBeFocused();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "account-delete");
  await dialog.getByLabel("Password").fill("wrong-password-here");
  await dialog.getByRole("button", { name: "Delete account" }).click();
  await expect(dialog.getByText("Wrong password")).toBeVisible();
  // Escape closes it, nothing deleted.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  expect((await page.request.get(url("/api/me"))).status()).toBe(200);

  await page.getByRole("button", { name: "Delete account" }).click();
  await dialog.getByLabel("Password").fill(account.password);
  await dialog.getByRole("button", { name: "Delete account" }).click();
  await expect(page).toHaveURL(url("/"));
  expect((await page.request.get(url(`/api/posts/by-username/${account.username}`))).status()).toBe(404);
  await page.goto(url("/signin"));
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password." })).toBeVisible();
});
