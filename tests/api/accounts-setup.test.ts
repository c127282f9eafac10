// ACCOUNTS.md "First run" over HTTP, on a fresh database of its own: the server prints the setup
// URL and code at start while no account exists, /signin and the dashboard lead to /setup, a
// wrong code is 403 and throttled like sign-in, two setups racing make exactly one account, and
// afterwards /setup is a 404 and the API 409 whatever it is sent. Without SMTP_URL a mail is one
// log line with its recipient, subject and links. The tests of this file are one story, in order.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { accountsWorld, Browser, randomIp, uniqueAccount } from "../support/accounts-server";

// No mail server: setup needs none, and without SMTP_URL each mail goes to the log (the last test).
const world = accountsWorld({ setUp: false, env: { REGISTRATION: undefined, SMTP_URL: undefined } });

const SETUP_LINE = /Inkbase has no account yet: open (\S+)\/setup and enter the code ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/;

async function printedCode(): Promise<{ origin: string; code: string }> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = SETUP_LINE.exec(world().server.output());
    if (found) return { origin: found[1], code: found[2] };
    if (Date.now() > deadline) throw new Error(`no setup line in:\n${world().server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function countUsers(): Promise<number> {
  const client = new pg.Client({ connectionString: world().database.url });
  await client.connect();
  try {
    return Number((await client.query(`SELECT count(*) FROM "User"`)).rows[0].count);
  } finally {
    await client.end();
  }
}

const setup = (browser: Browser, body: unknown) => browser.request("POST", "/api/account/setup", body);

describe("first-run setup", () => {
  it("prints the setup URL on PUBLIC_BASE_URL and a generated code at start", async () => {
    const { origin, code } = await printedCode();
    expect(origin).toBe(world().env.PUBLIC_BASE_URL);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
  });

  it("sends /signin and the dashboard to /setup while no account exists", async () => {
    const browser = new Browser(world().baseUrl);
    const signin = await browser.request("GET", "/signin");
    expect(signin.status).toBe(307);
    expect(new URL(signin.headers.get("location")!, world().baseUrl).pathname).toBe("/setup");
    const dashboard = await browser.request("GET", "/dashboard/posts");
    expect(dashboard.status).toBe(307);
    expect(new URL(dashboard.headers.get("location")!, world().baseUrl).pathname).toBe("/signin");
    const page = await browser.request("GET", "/setup");
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const label of ["Setup code", "Username", "Email", "Password", "Create account"]) expect(html).toContain(label);
  });

  it("refuses a wrong code with 403 and throttles it like sign-in, per client IP", async () => {
    const browser = new Browser(world().baseUrl, randomIp());
    const account = uniqueAccount("wrong");
    for (let attempt = 1; attempt <= 10; attempt++) {
      const res = await setup(browser, { ...account, code: "AAAA-BBBB-CCCC" });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Invalid setup code" });
    }
    const blocked = await setup(browser, { ...account, code: (await printedCode()).code });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await blocked.json()).toMatchObject({ error: "rate_limited" });
    // Another IP is not blocked by this one's failures.
    const other = await setup(new Browser(world().baseUrl, randomIp()), { ...account, code: "AAAA-BBBB-CCCC" });
    expect(other.status).toBe(403);
    expect(await countUsers()).toBe(0);
  });

  it("judges the input: username rules, a valid address, the password rules", async () => {
    const browser = new Browser(world().baseUrl);
    const { code } = await printedCode();
    const good = uniqueAccount("rules");
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, code, password: "1234567890" }, "password"],
      [{ ...good, code, password: "short" }, "password"],
      [{ ...good, code, password: "x".repeat(257) }, "password"],
      [{ ...good, code, username: "Not Valid" }, "username"],
      [{ ...good, code, username: "dashboard" }, "username"],
      [{ ...good, code, email: "not-an-address" }, "email"],
    ];
    for (const [body, field] of cases) {
      const res = await setup(browser, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const answer = (await res.json()) as { error: string; issues: { path: string[] }[] };
      expect(answer.error).toBe("Invalid input");
      expect(answer.issues.map((issue) => issue.path[0])).toContain(field);
    }
    expect(await countUsers()).toBe(0);
  });

  it("two setups racing make exactly one account; the other gets 409", async () => {
    const { code } = await printedCode();
    const first = uniqueAccount("first");
    const second = uniqueAccount("second");
    const answers = await Promise.all([
      setup(new Browser(world().baseUrl), { ...first, code: code.toLowerCase().replaceAll("-", "") }),
      setup(new Browser(world().baseUrl), { ...second, code }),
    ]);
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([201, 409]);
    const winner = answers.find((res) => res.status === 201)!;
    const created = (await winner.json()) as { id: string; username: string; email: string; plan: string };
    expect(created.plan).toBe("pro");
    expect(Object.keys(created).sort()).toEqual(["email", "id", "plan", "username"]);
    expect(await answers.find((res) => res.status === 409)!.json()).toEqual({ error: "Already set up" });
    expect(await countUsers()).toBe(1);

    // The account is verified and signs in; the dashboard is its.
    const client = new pg.Client({ connectionString: world().database.url });
    await client.connect();
    const { rows } = await client.query(`SELECT "emailVerifiedAt", plan FROM "User" WHERE id = $1`, [created.id]);
    const setting = await client.query(`SELECT count(*) FROM "InstanceSetting" WHERE key = 'setup_code'`);
    await client.end();
    expect(rows[0].emailVerifiedAt).not.toBeNull();
    expect(Number(setting.rows[0].count)).toBe(0);
    const who = created.username === first.username ? first : second;
    const browser = new Browser(world().baseUrl);
    expect(await browser.signIn(who.email, who.password)).toBe(true);
    const dashboard = await browser.request("GET", "/dashboard/posts");
    expect(dashboard.status).toBe(200);
  });

  it("once an account exists: /setup is a 404, the API 409 to anything, /signin is the sign-in page", async () => {
    const browser = new Browser(world().baseUrl);
    expect((await browser.request("GET", "/setup")).status).toBe(404);
    for (const body of [{}, { code: "nope" }, { ...uniqueAccount(), code: (await printedCode()).code }]) {
      const res = await setup(browser, body);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: "Already set up" });
    }
    expect((await browser.request("GET", "/signin")).status).toBe(200);
    expect(await countUsers()).toBe(1);
  });

  it("without SMTP_URL each mail is one log line with its recipient, subject and links, and the link works", async () => {
    const client = new pg.Client({ connectionString: world().database.url });
    await client.connect();
    const { rows } = await client.query(`SELECT email FROM "User"`);
    await client.end();
    const email = rows[0].email as string;
    expect((await new Browser(world().baseUrl).request("POST", "/api/account/password-reset", { email })).status).toBe(202);
    const mailLines = () => world().server.output().split("\n").filter((line) => line.includes("mail not sent"));
    await expect.poll(() => mailLines().length, { timeout: 15_000 }).toBe(1);
    const line = JSON.parse(mailLines()[0]) as { level: string; mail: { to: string; subject: string; links: string[] }; msg: string };
    expect(line.level).toBe("warn");
    expect(line.mail).toMatchObject({ to: email, subject: "Reset your Inkbase password" });
    const link = line.mail.links.find((candidate) => candidate.startsWith(`${world().env.PUBLIC_BASE_URL}/reset-password?token=`))!;
    expect(line.msg).toContain(link);
    const token = new URL(link).searchParams.get("token")!;
    const reset = await new Browser(world().baseUrl).request("POST", "/api/account/password-reset/confirm", { token, password: "Logged-Link-Works-1" });
    expect(reset.status).toBe(200);
    // The notice of the change is the second mail, on its own line.
    await expect.poll(() => mailLines().length, { timeout: 15_000 }).toBe(2);
    expect(await new Browser(world().baseUrl).signIn(email, "Logged-Link-Works-1")).toBe(true);
  });
});
