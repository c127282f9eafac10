// ACCOUNTS.md "Sign-up" and verification over HTTP, with mail caught by a real SMTP server: open
// registration makes a free unverified account and mails a link; the account writes drafts but
// may not publish, schedule or create keys until the link is followed; every bad token is the
// same 400; sign-ups are throttled per client IP; taken names and addresses are 409.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { accountsWorld, Browser, randomIp, tokenFrom, uniqueAccount } from "../support/accounts-server";

const world = accountsWorld();

async function signedUp(options: { ip?: string } = {}) {
  const account = uniqueAccount("signup");
  const browser = new Browser(world().baseUrl, options.ip);
  const res = await browser.request("POST", "/api/account/signup", account);
  expect(res.status, await res.clone().text()).toBe(201);
  const body = (await res.json()) as Record<string, unknown>;
  expect(await browser.signIn(account.email, account.password)).toBe(true);
  return { account, browser, body };
}

async function sql<T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: world().database.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

describe("sign-up", () => {
  it("makes a free, unverified account and mails a verification link on PUBLIC_BASE_URL", async () => {
    const { account, body } = await signedUp();
    expect(body).toEqual({ id: expect.any(String), username: account.username, email: account.email, plan: "free", emailVerified: false });
    const mail = await world().smtp.waitFor({ to: account.email, subject: /verify/i });
    expect(mail.from).toContain("no-reply@inkbase.test");
    expect(mail.text).toContain(`${world().env.PUBLIC_BASE_URL}/verify-email?token=`);
    expect(mail.html).toContain(`href="${world().env.PUBLIC_BASE_URL}/verify-email?token=`);
    // The token is 256 bits, stored only as its SHA-256; the sent mail kept no body.
    const token = tokenFrom(mail.links, "/verify-email");
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    const tokens = await sql<{ tokenHash: string }>(`SELECT "tokenHash" FROM "AccountToken" t JOIN "User" u ON u.id = t."userId" WHERE u.email = $1`, [account.email]);
    expect(tokens.map((row) => row.tokenHash)).not.toContain(token);
    const mails = await sql<{ status: string; text: string | null; html: string | null; to: string; subject: string; sentAt: Date | null }>(
      `SELECT status::text, text, html, "to", subject, "sentAt" FROM "Mail" WHERE "to" = $1`,
      [account.email],
    );
    await expect.poll(async () => (await sql<{ status: string }>(`SELECT status::text FROM "Mail" WHERE "to" = $1`, [account.email]))[0]?.status).toBe("sent");
    const [sent] = await sql<{ text: string | null; html: string | null; subject: string; sentAt: Date | null }>(`SELECT text, html, subject, "sentAt" FROM "Mail" WHERE "to" = $1`, [account.email]);
    expect(sent).toMatchObject({ text: null, html: null, subject: mails[0].subject });
    expect(sent.sentAt).not.toBeNull();
    // The server's log never names the token.
    expect(world().server.output()).not.toContain(token);
  });

  it("an unverified account writes drafts but cannot publish, schedule or create keys; the link lifts that", async () => {
    const { account, browser } = await signedUp();
    const draft = await browser.request("POST", "/api/posts", { title: "Draft", slug: "draft-one" });
    expect(draft.status).toBe(201);
    const { id } = (await draft.json()) as { id: string };
    const refused = { error: "Verify your email address first" };
    const publish = await browser.request("POST", "/api/posts", { title: "Now", slug: "now", status: "published" });
    expect(publish.status).toBe(403);
    expect(await publish.json()).toEqual(refused);
    const schedule = await browser.request("PATCH", `/api/posts/${id}`, { status: "published", publishedAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(schedule.status).toBe(403);
    expect(await schedule.json()).toEqual(refused);
    const bulk = await browser.request("POST", "/api/posts/bulk", { ids: [id], action: "publish" });
    expect(bulk.status).toBe(403);
    const key = await browser.request("POST", "/api/keys", { name: "k", scopes: ["posts:read"] });
    expect(key.status).toBe(403);
    expect(await key.json()).toEqual(refused);
    expect((await sql(`SELECT 1 FROM "Post" WHERE id = $1 AND status = 'published'`, [id])).length).toBe(0);

    // The dashboard says so.
    const dashboard = await browser.request("GET", "/dashboard/posts");
    expect(await dashboard.text()).toContain("Verify your email address");

    const mail = await world().smtp.waitFor({ to: account.email, subject: /verify/i });
    const token = tokenFrom(mail.links, "/verify-email");
    // No session needed to follow it.
    const verified = await new Browser(world().baseUrl).request("POST", "/api/account/verify-email", { token });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ emailVerified: true });
    expect((await browser.request("PATCH", `/api/posts/${id}`, { status: "published" })).status).toBe(200);
    expect((await browser.request("POST", "/api/keys", { name: "k", scopes: ["posts:read"] })).status).toBe(201);
    expect(await (await browser.request("GET", "/dashboard/posts")).text()).not.toContain("Verify your email address");
    // Single use.
    const again = await new Browser(world().baseUrl).request("POST", "/api/account/verify-email", { token });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: "Invalid or expired link" });
  });

  it("every bad, voided or expired verification token is the same 400", async () => {
    const { account, browser } = await signedUp();
    const first = tokenFrom((await world().smtp.waitFor({ to: account.email, subject: /verify/i })).links, "/verify-email");
    const before = world().smtp.mails.length;
    const resend = await browser.request("POST", "/api/account/verify-email/resend");
    expect(resend.status).toBe(202);
    expect(await resend.json()).toEqual({});
    const second = tokenFrom((await world().smtp.waitFor({ to: account.email, subject: /verify/i }, { after: before })).links, "/verify-email");
    expect(second).not.toBe(first);
    const anonymous = new Browser(world().baseUrl);
    for (const token of [first, "", "x".repeat(43), second.slice(0, -1), 12345, null, second + "A"]) {
      const res = await anonymous.request("POST", "/api/account/verify-email", { token });
      expect(res.status, String(token)).toBe(400);
      expect(await res.json()).toEqual({ error: "Invalid or expired link" });
    }
    const missing = await anonymous.request("POST", "/api/account/verify-email", {});
    expect(await missing.json()).toEqual({ error: "Invalid or expired link" });
    // Expired: a link past its 24 hours.
    await sql(`UPDATE "AccountToken" SET "expiresAt" = now() - interval '1 second' WHERE "tokenHash" = encode(sha256($1::bytea), 'hex')`, [second]);
    const expired = await anonymous.request("POST", "/api/account/verify-email", { token: second });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ error: "Invalid or expired link" });
    expect((await sql<{ v: Date | null }>(`SELECT "emailVerifiedAt" AS v FROM "User" WHERE email = $1`, [account.email]))[0].v).toBeNull();
  });

  it("taken usernames and addresses are 409; the password rules are 400 on `password`", async () => {
    const { account } = await signedUp();
    const browser = new Browser(world().baseUrl);
    const taken = await browser.request("POST", "/api/account/signup", { ...uniqueAccount(), username: account.username });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: "Username taken" });
    const registered = await browser.request("POST", "/api/account/signup", { ...uniqueAccount(), email: account.email.toUpperCase() });
    expect(registered.status).toBe(409);
    expect(await registered.json()).toEqual({ error: "Email already registered" });
    for (const password of ["1234567890", "Qwertyuiop", "nine-char", "y".repeat(257)]) {
      const res = await new Browser(world().baseUrl).request("POST", "/api/account/signup", { ...uniqueAccount(), password });
      expect(res.status, password).toBe(400);
      const body = (await res.json()) as { error: string; issues: { path: string[] }[] };
      expect(body.error).toBe("Invalid input");
      expect(body.issues[0].path).toEqual(["password"]);
    }
    // 10 and 256 characters are fine.
    expect((await new Browser(world().baseUrl).request("POST", "/api/account/signup", { ...uniqueAccount(), password: "t3n-chars!" })).status).toBe(201);
    expect((await new Browser(world().baseUrl).request("POST", "/api/account/signup", { ...uniqueAccount(), password: "z".repeat(255) + "!" })).status).toBe(201);
  });

  it("throttles sign-ups per client IP: the sixth in an hour is 429 with Retry-After", async () => {
    const ip = randomIp();
    for (let n = 0; n < 5; n++) {
      const res = await new Browser(world().baseUrl, ip).request("POST", "/api/account/signup", uniqueAccount("burst"));
      expect(res.status).toBe(201);
    }
    const sixth = await new Browser(world().baseUrl, ip).request("POST", "/api/account/signup", uniqueAccount("burst"));
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await sixth.json()).toMatchObject({ error: "rate_limited", retryAfter: expect.any(Number) });
    // Another address is not held back.
    expect((await new Browser(world().baseUrl, randomIp()).request("POST", "/api/account/signup", uniqueAccount("burst"))).status).toBe(201);
  });

  it("an unverified account's session cannot resend for another; a verified one gets no mail", async () => {
    const { account, browser } = await signedUp();
    const token = tokenFrom((await world().smtp.waitFor({ to: account.email, subject: /verify/i })).links, "/verify-email");
    expect((await browser.request("POST", "/api/account/verify-email", { token })).status).toBe(200);
    const before = world().smtp.to(account.email).length;
    expect((await browser.request("POST", "/api/account/verify-email/resend")).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(world().smtp.to(account.email).length).toBe(before);
    // No session: 401.
    expect((await new Browser(world().baseUrl).request("POST", "/api/account/verify-email/resend")).status).toBe(401);
  });

  it("the sign-in page links sign-up and the reset page", async () => {
    await signedUp();
    const html = await (await new Browser(world().baseUrl).request("GET", "/signin")).text();
    expect(html).toContain('href="/signup"');
    expect(html).toContain('href="/forgot-password"');
  });
});
