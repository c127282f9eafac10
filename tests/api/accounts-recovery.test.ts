// ACCOUNTS.md "Verification and recovery", the password reset over HTTP with mail caught by a real
// SMTP server: 202 {} whatever the address and in about the same time, a link valid once and for
// an hour that a newer link voids, every session ending (an old cookie gets 401 on /api/me), the
// sign-in throttle cleared, the old password dead, and a notice mailed.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { accountsWorld, Browser, randomIp, tokenFrom, uniqueAccount } from "../support/accounts-server";

const world = accountsWorld();

async function verifiedAccount() {
  const account = uniqueAccount("reset");
  const browser = new Browser(world().baseUrl);
  expect((await browser.request("POST", "/api/account/signup", account)).status).toBe(201);
  expect(await browser.signIn(account.email, account.password)).toBe(true);
  return { account, browser };
}

const askReset = (email: unknown, ip = randomIp()) => new Browser(world().baseUrl, ip).request("POST", "/api/account/password-reset", { email });

async function resetLink(email: string, after: number): Promise<string> {
  const mail = await world().smtp.waitFor({ to: email, subject: /reset/i }, { after });
  expect(mail.text).toContain(`${world().env.PUBLIC_BASE_URL}/reset-password?token=`);
  return tokenFrom(mail.links, "/reset-password");
}

describe("password reset", () => {
  it("answers 202 {} for any address, mails only a known one, and takes about the same time", async () => {
    const { account } = await verifiedAccount();
    const unknown = `nobody-${Date.now()}@example.test`;
    const times: Record<string, number[]> = { known: [], unknown: [] };
    for (let round = 0; round < 4; round++) {
      for (const [kind, email] of [["known", account.email], ["unknown", unknown]] as const) {
        const started = performance.now();
        const res = await askReset(email);
        times[kind].push(performance.now() - started);
        expect(res.status).toBe(202);
        expect(await res.json()).toEqual({});
      }
    }
    for (const weird of ["not an address", "", "UPPER@EXAMPLE.TEST"]) {
      const res = await askReset(weird);
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({});
    }
    await world().smtp.waitFor({ to: account.email, subject: /reset/i });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(world().smtp.to(unknown)).toEqual([]);
    // The answer does no work that depends on the address: the medians are close (generous
    // bound: a shared machine; the known address's work happens after the answer).
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(100);
  });

  it("a missing or non-string address is 400 Invalid input", async () => {
    const browser = new Browser(world().baseUrl);
    for (const body of [{}, { email: 5 }, { email: null }]) {
      const res = await browser.request("POST", "/api/account/password-reset", body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "Invalid input" });
    }
  });

  it("sets a new password once: sessions end, the throttle is cleared, the old password is dead, a notice is mailed", async () => {
    const { account, browser } = await verifiedAccount();
    const otherDevice = new Browser(world().baseUrl);
    expect(await otherDevice.signIn(account.email, account.password)).toBe(true);
    expect((await browser.request("GET", "/api/me")).status).toBe(200);

    // Nine failed sign-ins from various IPs: the account's counter is one short of its limit.
    for (let n = 0; n < 9; n++) expect(await new Browser(world().baseUrl).signIn(account.email, "wrong-password-x")).toBe(false);

    const before = world().smtp.mails.length;
    expect((await askReset(account.email)).status).toBe(202);
    const token = await resetLink(account.email, before);
    const anonymous = new Browser(world().baseUrl);
    const weak = await anonymous.request("POST", "/api/account/password-reset/confirm", { token, password: "password123" });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { issues: { path: string[] }[] }).issues[0].path).toEqual(["password"]);
    const newPassword = "Brand-New-Ladder-42";
    const done = await anonymous.request("POST", "/api/account/password-reset/confirm", { token, password: newPassword });
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ success: true });

    // Every session ended.
    for (const device of [browser, otherDevice]) {
      const me = await device.request("GET", "/api/me");
      expect(me.status).toBe(401);
    }
    const page = await browser.request("GET", "/dashboard/posts");
    expect(page.status).toBe(307);
    // The link is used up.
    const again = await anonymous.request("POST", "/api/account/password-reset/confirm", { token, password: "Another-Ladder-43" });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: "Invalid or expired link" });
    // Old password dead; the new one signs in although nine failures were counted (cleared), and
    // a tenth failure afterwards does not block it.
    expect(await new Browser(world().baseUrl).signIn(account.email, account.password)).toBe(false);
    const fresh = new Browser(world().baseUrl);
    expect(await fresh.signIn(account.email, newPassword)).toBe(true);
    expect((await fresh.request("GET", "/api/me")).status).toBe(200);
    await world().smtp.waitFor({ to: account.email, subject: /password was changed/i }, { after: before });
  });

  it("a newer link voids older ones; an expired link is refused; every bad token is the same 400", async () => {
    const { account } = await verifiedAccount();
    const first = world().smtp.mails.length;
    await askReset(account.email);
    const older = await resetLink(account.email, first);
    const second = world().smtp.mails.length;
    await askReset(account.email);
    const newer = await resetLink(account.email, second);
    const anonymous = new Browser(world().baseUrl);
    for (const token of [older, "", "nope", newer.toUpperCase(), 7, ["x"]]) {
      const res = await anonymous.request("POST", "/api/account/password-reset/confirm", { token, password: "Good-Long-Password-1" });
      expect(res.status, JSON.stringify(token)).toBe(400);
      expect(await res.json()).toEqual({ error: "Invalid or expired link" });
    }
    // A link is checked before the password: a dead link with a weak password is still the link's 400.
    const weakDead = await anonymous.request("POST", "/api/account/password-reset/confirm", { token: older, password: "123" });
    expect(await weakDead.json()).toEqual({ error: "Invalid or expired link" });
    // One hour: past it, refused.
    const client = new pg.Client({ connectionString: world().database.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT EXTRACT(EPOCH FROM "expiresAt" - "createdAt")::float8 AS seconds FROM "AccountToken" WHERE "tokenHash" = encode(sha256($1::bytea), 'hex')`,
        [newer],
      );
      expect(rows[0].seconds).toBe(3600);
      await client.query(`UPDATE "AccountToken" SET "expiresAt" = now() - interval '1 second' WHERE "tokenHash" = encode(sha256($1::bytea), 'hex')`, [newer]);
    } finally {
      await client.end();
    }
    const expired = await anonymous.request("POST", "/api/account/password-reset/confirm", { token: newer, password: "Good-Long-Password-1" });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ error: "Invalid or expired link" });
    expect(await new Browser(world().baseUrl).signIn(account.email, account.password)).toBe(true);
  });

  it("at most five reset mails an hour reach one address, and the answer never changes", async () => {
    const { account } = await verifiedAccount();
    const resets = () => world().smtp.to(account.email).filter((mail) => /reset/i.test(mail.subject)).length;
    for (let n = 0; n < 7; n++) expect((await askReset(account.email)).status).toBe(202);
    await expect.poll(resets, { timeout: 15_000 }).toBe(5);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(resets()).toBe(5);
  });

  it("twenty reset requests an hour per client IP, then 429", async () => {
    const ip = randomIp();
    for (let n = 0; n < 20; n++) expect((await askReset(`x${n}@example.test`, ip)).status).toBe(202);
    const refused = await askReset("y@example.test", ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
  });
});
