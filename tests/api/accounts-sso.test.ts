// ACCOUNTS.md "Single sign-on" over HTTP, against a real OpenID Connect provider (oidc-provider,
// tests/support/oidc-idp.ts) and a local GitHub (fake-github.ts), both on loopback ports: an
// identity signs in to the account its provider-verified email names and is linked to it; an
// unverified email never links; a new verified address chooses a username with open
// registration and is refused with "No account uses this email address" by invitation; an
// account made so is verified and has no password; an unverified password account the verified
// identity claims loses its password and sessions. The OIDC client uses PKCE (the provider
// requires it), client_secret_basic and `openid email profile`. Two servers share one database:
// REGISTRATION=open and =invite.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Browser, startAccountsWorld, tokenFrom, uniqueAccount, type AccountsWorld } from "../support/accounts-server";
import { startFakeGitHub, type FakeGitHub, type GitHubPerson } from "../support/fake-github";
import { startOidcIdp, type OidcIdp } from "../support/oidc-idp";
import { finishGitHub, finishOidc, startSso } from "../support/sso-client";
import { freePort, startNextServer, type RunningServer } from "../support/start-next-server";

let world: AccountsWorld;
let closed: RunningServer;
let idp: OidcIdp;
let github: FakeGitHub;

beforeAll(async () => {
  const [openPort, closedPort] = [await freePort(), await freePort()];
  const callbacks = (provider: string) => [openPort, closedPort].map((port) => `http://127.0.0.1:${port}/api/auth/callback/${provider}`);
  idp = await startOidcIdp({ redirectUris: callbacks("oidc") });
  github = await startFakeGitHub({ redirectUris: callbacks("github") });
  const sso = {
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: idp.clientSecret,
    OIDC_NAME: "Acme ID",
    GITHUB_ID: github.clientId,
    GITHUB_SECRET: github.clientSecret,
    GITHUB_URL: github.url,
    GITHUB_API_URL: github.apiUrl,
    RATE_LIMIT_PUBLIC_PER_MIN: "10000",
    SIGN_UP_LIMIT_PER_HOUR: "1000",
  };
  world = await startAccountsWorld({ port: openPort, env: sso });
  closed = await startNextServer({ ...world.env, REGISTRATION: "invite", PORT: String(closedPort), PUBLIC_BASE_URL: `http://127.0.0.1:${closedPort}` }, { port: closedPort });
}, 240_000);

afterAll(async () => {
  await closed?.stop();
  await world?.server.stop();
  await world?.smtp.close();
  await world?.database.drop();
  await idp?.close();
  await github?.close();
});

async function sql<T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: world.database.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A password account made through sign-up; `verified` follows the mailed link. */
async function passwordAccount(options: { verified: boolean }) {
  const account = uniqueAccount("sso");
  const browser = new Browser(world.baseUrl);
  expect((await browser.request("POST", "/api/account/signup", account)).status).toBe(201);
  if (options.verified) {
    const mail = await world.smtp.waitFor({ to: account.email, subject: /verify/i });
    expect((await browser.request("POST", "/api/account/verify-email", { token: tokenFrom(mail.links, "/verify-email") })).status).toBe(200);
  }
  return account;
}

const person = (email: string, email_verified = true) => {
  const sub = `person-${randomBytes(4).toString("hex")}`;
  idp.people.set(sub, { email, email_verified, name: "Ada Example" });
  return sub;
};

const gitHubPerson = (emails: GitHubPerson["emails"]): GitHubPerson => ({ id: 1000 + randomBytes(2).readUInt16BE(0), login: `octo-${randomBytes(3).toString("hex")}`, name: "Octo Cat", emails });

async function me(browser: Browser) {
  const res = await browser.request("GET", "/api/me");
  return { status: res.status, body: res.status === 200 ? ((await res.json()) as { id: string; username: string; email: string }) : null };
}

describe("OpenID Connect", () => {
  it("signs in to the account whose email the provider verified, links it, with PKCE, client_secret_basic and openid email profile", async () => {
    const account = await passwordAccount({ verified: true });
    const sub = person(account.email.toUpperCase());
    const browser = new Browser(world.baseUrl);
    const before = { authorizations: idp.authorizationRequests.length, tokens: idp.tokenRequests.length };
    const res = await finishOidc(browser, await startSso(browser, "oidc", "/dashboard/posts"), sub);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/\/dashboard\/posts$/);
    expect((await me(browser)).body).toMatchObject({ username: account.username, email: account.email });

    const [authorization] = idp.authorizationRequests.slice(before.authorizations);
    expect(authorization).toEqual({ codeChallengeMethod: "S256", scope: "openid email profile" });
    expect(idp.tokenRequests.slice(before.tokens).map((request) => request.authorization?.split(" ")[0])).toEqual(["Basic"]);
    const links = await sql<{ provider: string; providerAccountId: string; access_token: string | null }>(
      `SELECT provider, "providerAccountId", access_token FROM "Account" a JOIN "User" u ON u.id = a."userId" WHERE u.email = $1`,
      [account.email],
    );
    expect(links).toEqual([{ provider: "oidc", providerAccountId: sub, access_token: null }]);
    // A verified account keeps its password.
    expect(await new Browser(world.baseUrl).signIn(account.email, account.password)).toBe(true);

    // The link holds when the provider's address changes.
    idp.people.set(sub, { email: "somewhere-else@example.test", email_verified: false });
    const again = new Browser(world.baseUrl);
    expect((await finishOidc(again, await startSso(again, "oidc"), sub)).headers.get("location")).toMatch(/\/dashboard$/);
    expect((await me(again)).body?.username).toBe(account.username);
  });

  it("an unverified email never links: /signin says \"No account uses this email address\"", async () => {
    const account = await passwordAccount({ verified: true });
    const browser = new Browser(world.baseUrl);
    const res = await finishOidc(browser, await startSso(browser, "oidc"), person(account.email, false));
    expect(res.headers.get("location")).toBe("/signin?error=NoAccount");
    expect((await me(browser)).status).toBe(401);
    const page = await browser.request("GET", "/signin?error=NoAccount");
    expect(await page.text()).toContain("No account uses this email address");
    expect(await sql(`SELECT 1 FROM "Account" a JOIN "User" u ON u.id = a."userId" WHERE u.email = $1`, [account.email])).toEqual([]);
  });

  it("a new verified address chooses a username; the account is free, verified, passwordless and linked", async () => {
    const email = `new-${randomBytes(4).toString("hex")}@example.test`;
    const sub = person(email);
    const browser = new Browser(world.baseUrl);
    const res = await finishOidc(browser, await startSso(browser, "oidc"), sub);
    expect(res.headers.get("location")).toBe("/choose-username");
    expect(browser.jar.has("inkbase.sso-pending")).toBe(true);
    expect(browser.jar.has("next-auth.session-token")).toBe(false);
    const page = await browser.request("GET", "/choose-username");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Choose a username");
    expect(html).toContain(email);

    expect((await browser.request("POST", "/api/account/sso-signup", { username: "Not A Name" })).status).toBe(400);
    const taken = await passwordAccount({ verified: false });
    const conflict = await browser.request("POST", "/api/account/sso-signup", { username: taken.username });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({ error: "Username taken" });

    const username = `sso-${randomBytes(4).toString("hex")}`;
    const created = await browser.request("POST", "/api/account/sso-signup", { username });
    expect(created.status, await created.clone().text()).toBe(201);
    expect(await created.json()).toEqual({ id: expect.any(String), username, email, plan: "free", emailVerified: true });
    expect(browser.jar.has("inkbase.sso-pending")).toBe(false);
    expect((await me(browser)).body).toMatchObject({ username, email });
    const [row] = await sql<{ passwordHash: string | null; verified: boolean; displayName: string | null }>(
      `SELECT "passwordHash", "emailVerifiedAt" IS NOT NULL AS verified, "displayName" FROM "User" WHERE username = $1`,
      [username],
    );
    expect(row).toEqual({ passwordHash: null, verified: true, displayName: "Ada Example" });
    // Verified: it may create keys at once.
    expect((await browser.request("POST", "/api/keys", { name: "first", scopes: ["posts:read"] })).status).toBe(201);
    // Used once: the identity is no longer waiting.
    expect(await (await browser.request("POST", "/api/account/sso-signup", { username: `${username}-2` })).json()).toEqual({ error: "No single sign-on in progress" });

    // Next time the identity signs straight in.
    const later = new Browser(world.baseUrl);
    expect((await finishOidc(later, await startSso(later, "oidc"), sub)).headers.get("location")).toMatch(/\/dashboard$/);
    expect((await me(later)).body?.username).toBe(username);
  });

  it("choosing a username needs the identity's cookie, and refuses another site's page", async () => {
    const none = new Browser(world.baseUrl);
    const res = await none.request("POST", "/api/account/sso-signup", { username: "anyone" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "No single sign-on in progress" });
    const page = await none.request("GET", "/choose-username");
    expect(page.status).toBe(307);
    expect(page.headers.get("location")).toBe("/signin?error=SsoExpired");
    // A forged cookie is no identity.
    none.jar.set("inkbase.sso-pending", "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.forged");
    expect((await none.request("POST", "/api/account/sso-signup", { username: "anyone" })).status).toBe(400);

    const browser = new Browser(world.baseUrl);
    await finishOidc(browser, await startSso(browser, "oidc"), person(`x-${randomBytes(4).toString("hex")}@example.test`));
    const crossSite = await browser.request("POST", "/api/account/sso-signup", { username: `x-${randomBytes(4).toString("hex")}` }, { Origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ error: "Cross-site request refused" });
  });

  it("claiming an unverified password account removes its password and ends its sessions", async () => {
    const account = await passwordAccount({ verified: false });
    const squatter = new Browser(world.baseUrl);
    expect(await squatter.signIn(account.email, account.password)).toBe(true);
    const owner = new Browser(world.baseUrl);
    expect((await finishOidc(owner, await startSso(owner, "oidc"), person(account.email))).headers.get("location")).toMatch(/\/dashboard$/);
    expect((await me(owner)).body?.username).toBe(account.username);
    expect((await me(squatter)).status).toBe(401);
    expect(await new Browser(world.baseUrl).signIn(account.email, account.password)).toBe(false);
    const [row] = await sql<{ verified: boolean }>(`SELECT "emailVerifiedAt" IS NOT NULL AS verified FROM "User" WHERE email = $1`, [account.email]);
    expect(row.verified).toBe(true);
  });

  it("with REGISTRATION=invite a new address is refused with \"No account uses this email address\"; an existing one signs in", async () => {
    const browser = new Browser(closed.url);
    const res = await finishOidc(browser, await startSso(browser, "oidc"), person(`closed-${randomBytes(4).toString("hex")}@example.test`));
    expect(res.headers.get("location")).toBe("/signin?error=NoAccount");
    expect(browser.jar.has("inkbase.sso-pending")).toBe(false);
    const account = await passwordAccount({ verified: true });
    const member = new Browser(closed.url);
    expect((await finishOidc(member, await startSso(member, "oidc"), person(account.email))).headers.get("location")).toMatch(/\/dashboard$/);
    expect((await me(member)).body?.email).toBe(account.email);
  });
});

describe("GitHub", () => {
  it("signs in with the primary verified address and links; the token request uses HTTP Basic", async () => {
    const account = await passwordAccount({ verified: true });
    const octo = gitHubPerson([
      { email: `public-${randomBytes(3).toString("hex")}@example.test`, primary: false, verified: true },
      { email: account.email, primary: true, verified: true },
    ]);
    github.signIn(octo);
    const browser = new Browser(world.baseUrl);
    const before = github.tokenRequests.length;
    const res = await finishGitHub(browser, await startSso(browser, "github"));
    expect(res.headers.get("location")).toMatch(/\/dashboard$/);
    expect((await me(browser)).body?.username).toBe(account.username);
    expect(github.tokenRequests.slice(before)).toEqual([{ basic: true }]);
    expect(await sql(`SELECT provider, "providerAccountId" FROM "Account" WHERE "providerAccountId" = $1`, [String(octo.id)])).toEqual([{ provider: "github", providerAccountId: String(octo.id) }]);
  });

  it("an unverified primary address is no verified address, whatever else is verified", async () => {
    const account = await passwordAccount({ verified: true });
    github.signIn(gitHubPerson([
      { email: account.email, primary: true, verified: false },
      { email: `other-${randomBytes(3).toString("hex")}@example.test`, primary: false, verified: true },
    ]));
    const browser = new Browser(world.baseUrl);
    expect((await finishGitHub(browser, await startSso(browser, "github"))).headers.get("location")).toBe("/signin?error=NoAccount");
    expect((await me(browser)).status).toBe(401);
  });

  it("a new verified address goes to \"Choose a username\"", async () => {
    github.signIn(gitHubPerson([{ email: `gh-${randomBytes(4).toString("hex")}@example.test`, primary: true, verified: true }]));
    const browser = new Browser(world.baseUrl);
    expect((await finishGitHub(browser, await startSso(browser, "github"))).headers.get("location")).toBe("/choose-username");
  });
});

describe("the next-auth route", () => {
  it("opens only configured providers, each on its own method, and keeps the buttons on /signin", async () => {
    const browser = new Browser(world.baseUrl);
    expect((await browser.request("GET", "/api/auth/callback/google")).status).toBe(404);
    expect((await browser.request("POST", "/api/auth/callback/oidc", undefined, { "Content-Type": "application/x-www-form-urlencoded" })).status).toBe(405);
    expect((await browser.request("GET", "/api/auth/callback/credentials")).status).toBe(405);
    const page = await (await browser.request("GET", "/signin")).text();
    expect(page).toContain(">Continue with Acme ID</button>");
    expect(page).toContain(">Continue with GitHub</button>");
    // A sign-in without next-auth's CSRF token never reaches the provider.
    const forged = await fetch(`${world.baseUrl}/api/auth/signin/oidc`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "callbackUrl=%2Fdashboard" });
    expect(forged.headers.get("location")).not.toContain(idp.issuer);
  });
});
