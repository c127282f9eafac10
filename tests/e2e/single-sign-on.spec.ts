// Single sign-on in Chromium (ACCOUNTS.md "Single sign-on"), against a real OpenID Connect
// provider this file starts (oidc-provider on a loopback port: its own login page, PKCE and
// client_secret_basic required) and a local GitHub (tests/support/fake-github.ts), with a server
// of this file's own (REGISTRATION=open) on the project's database kind: "Continue with Acme ID"
// into an account whose address the provider verified; a new verified address through
// "Choose a username" and "Continue" to the dashboard; an unverified address refused with
// "No account uses this email address"; "Continue with GitHub". Every account page is checked with axe.
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { Browser, startAccountsWorld, tokenFrom, uniqueAccount, type AccountsWorld } from "../support/accounts-server";
import { startFakeGitHub, type FakeGitHub } from "../support/fake-github";
import { startOidcIdp, type OidcIdp } from "../support/oidc-idp";
import { freePort } from "../support/start-next-server";
import { expectNoSeriousA11yIssues } from "./support/a11y";
import { screenshot } from "./support/screenshots";

let world: AccountsWorld;
let idp: OidcIdp;
let github: FakeGitHub;

test.beforeAll(async ({}, workerInfo) => {
  test.setTimeout(180_000);
  const port = await freePort();
  idp = await startOidcIdp({ redirectUris: [`http://127.0.0.1:${port}/api/auth/callback/oidc`] });
  github = await startFakeGitHub({ redirectUris: [`http://127.0.0.1:${port}/api/auth/callback/github`] });
  world = await startAccountsWorld({
    port,
    databaseKind: workerInfo.project.name === "postgres" ? "postgres" : "embedded",
    env: {
      RATE_LIMIT_PUBLIC_PER_MIN: "10000",
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_NAME: "Acme ID",
      GITHUB_ID: github.clientId,
      GITHUB_SECRET: github.clientSecret,
      GITHUB_URL: github.url,
      GITHUB_API_URL: github.apiUrl,
    },
  });
});
test.afterAll(async () => {
  await world?.server.stop();
  await world?.smtp.close();
  await world?.database.drop();
  await idp?.close();
  await github?.close();
});

const url = (path: string) => `${world.baseUrl}${path}`;

/** A password account whose address is verified (sign-up, then the mailed link), over HTTP. */
async function verifiedAccount() {
  const account = uniqueAccount("e2e-sso");
  const http = new Browser(world.baseUrl);
  expect((await http.request("POST", "/api/account/signup", account)).status).toBe(201);
  const mail = await world.smtp.waitFor({ to: account.email, subject: /verify/i });
  expect((await http.request("POST", "/api/account/verify-email", { token: tokenFrom(mail.links, "/verify-email") })).status).toBe(200);
  return account;
}

function idpPerson(email: string, verified = true): string {
  const sub = `p-${randomBytes(4).toString("hex")}`;
  idp.people.set(sub, { email, email_verified: verified, name: "Grace Example" });
  return sub;
}

/** On the provider's own login page (development interactions: any password). */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL((target) => target.origin === idp.issuer);
  await page.getByPlaceholder("Enter any login").fill(login);
  await page.getByPlaceholder("and password").fill("anything");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

test.beforeEach(async ({ page }) => {
  // The provider's development pages import a web font from the internet, which is out of reach here.
  await page.route(/fonts\.googleapis\.com/, (route) => route.abort());
});

test("Continue with the OpenID provider into the account whose address it verified", async ({ page }, testInfo) => {
  const account = await verifiedAccount();
  const sub = idpPerson(account.email);
  await page.goto(url("/signin"));
  await expect(page.getByRole("button", { name: "Continue with Acme ID" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue with GitHub" })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "signin-sso");
  await page.getByRole("button", { name: "Continue with Acme ID" }).click();
  await signInAtProvider(page, sub);
  await expect(page).toHaveURL((target) => target.origin === world.baseUrl && target.pathname.startsWith("/dashboard"), { timeout: 20_000 });
  const me = await page.request.get(url("/api/me"));
  expect(await me.json()).toMatchObject({ username: account.username, email: account.email });
  expect(idp.authorizationRequests.at(-1)).toEqual({ codeChallengeMethod: "S256", scope: "openid email profile" });
  expect(idp.tokenRequests.at(-1)?.authorization).toMatch(/^Basic /);
});

test("a new verified address chooses a username and lands in the dashboard", async ({ page }, testInfo) => {
  const email = `e2e-new-${randomBytes(4).toString("hex")}@example.test`;
  const sub = idpPerson(email);
  await page.goto(url("/signin?callbackUrl=%2Fdashboard"));
  await page.getByRole("button", { name: "Continue with Acme ID" }).click();
  await signInAtProvider(page, sub);
  await expect(page).toHaveURL(url("/choose-username"));
  await expect(page.getByText(email)).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "choose-username");

  // A name the rules refuse is said on the field; then a good one.
  await page.getByLabel("Choose a username").fill("Not Valid");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByLabel("Choose a username")).toHaveAttribute("aria-invalid", "true");
  const username = `e2e-${randomBytes(4).toString("hex")}`;
  await page.getByLabel("Choose a username").fill(username);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL((target) => target.pathname.startsWith("/dashboard"), { timeout: 20_000 });
  // Verified from the start: no "Verify your email address" notice.
  await expect(page.getByText("Verify your email address", { exact: true })).toHaveCount(0);
  const me = await page.request.get(url("/api/me"));
  expect(await me.json()).toMatchObject({ username, email });
});

test("an address the provider has not verified is refused on /signin", async ({ page }, testInfo) => {
  const account = await verifiedAccount();
  await page.goto(url("/signin"));
  await page.getByRole("button", { name: "Continue with Acme ID" }).click();
  await signInAtProvider(page, idpPerson(account.email, false));
  await expect(page).toHaveURL((target) => target.origin === world.baseUrl && target.pathname === "/signin");
  await expect(page.getByRole("alert").filter({ hasText: "No account uses this email address" })).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await screenshot(page, testInfo, "signin-sso-refused");
  expect((await page.request.get(url("/api/me"))).status()).toBe(401);
});

test("Continue with GitHub into the account of the primary verified address", async ({ page }) => {
  const account = await verifiedAccount();
  github.signIn({ id: 4242 + randomBytes(1)[0], login: "octo-e2e", name: "Octo", emails: [{ email: account.email, primary: true, verified: true }] });
  await page.goto(url("/signin"));
  await page.getByRole("button", { name: "Continue with GitHub" }).click();
  await expect(page).toHaveURL((target) => target.origin === world.baseUrl && target.pathname.startsWith("/dashboard"), { timeout: 20_000 });
  expect(await (await page.request.get(url("/api/me"))).json()).toMatchObject({ username: account.username });
});
