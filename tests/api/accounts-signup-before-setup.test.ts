// Sign-up opens only after setup (docs/accounts.md "Sign-up"): on a fresh database with
// REGISTRATION=open, /signup leads to /setup and POST /api/account/signup is 409 "Not set up yet"
// and makes nothing, so a stranger cannot take the first account and make /setup disappear.
// Once setup made the first account, sign-up works.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { accountsWorld, Browser, uniqueAccount } from "../support/accounts-server";

const CODE = "BFOR-ESET-UPXX";
const world = accountsWorld({ setUp: false, env: { SETUP_CODE: CODE, SMTP_URL: undefined } });

async function usernames(): Promise<string[]> {
  const client = new pg.Client({ connectionString: world().database.url });
  await client.connect();
  try {
    return (await client.query(`SELECT username FROM "User" ORDER BY username`)).rows.map((row) => row.username);
  } finally {
    await client.end();
  }
}

describe("sign-up before setup", () => {
  it("sends /signup to /setup and refuses the API with 409 while no account exists", async () => {
    const browser = new Browser(world().baseUrl);
    const page = await browser.request("GET", "/signup");
    expect(page.status).toBe(307);
    expect(new URL(page.headers.get("location")!, world().baseUrl).pathname).toBe("/setup");
    const res = await browser.request("POST", "/api/account/signup", uniqueAccount("early"));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "Not set up yet" });
    expect(await usernames()).toEqual([]);
    expect((await browser.request("GET", "/setup")).status).toBe(200);
  });

  it("opens once setup has made the first account", async () => {
    const browser = new Browser(world().baseUrl);
    const operator = uniqueAccount("operator");
    const setup = await browser.request("POST", "/api/account/setup", { code: CODE, ...operator });
    expect(setup.status).toBe(201);
    expect((await browser.request("GET", "/signup")).status).toBe(200);
    const reader = uniqueAccount("reader");
    const res = await browser.request("POST", "/api/account/signup", reader);
    expect(res.status).toBe(201);
    expect(await usernames()).toEqual([operator.username, reader.username].sort());
  });
});
