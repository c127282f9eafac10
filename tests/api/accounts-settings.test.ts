// ACCOUNTS.md "Account settings" over HTTP with mail caught by a real SMTP server: email change
// confirmed by a link to the new address (the old one keeps working until then, and gets a notice
// after), password change (other sessions end, this one stays through its re-issued cookie, a
// notice is mailed), "Sign out everywhere", wrong passwords (403, throttled like sign-in), and
// account deletion with its data and media files.
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { accountsWorld, Browser, randomIp, tokenFrom, uniqueAccount } from "../support/accounts-server";
import { photoJpeg } from "../support/test-images";

const world = accountsWorld({ env: { RATE_LIMIT_PUBLIC_PER_MIN: "10000" } });

async function sql<T extends Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: world().database.url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A signed-up account whose address is verified, signed in. */
async function verifiedAccount() {
  const account = uniqueAccount("settings");
  const browser = new Browser(world().baseUrl);
  const res = await browser.request("POST", "/api/account/signup", account);
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const token = tokenFrom((await world().smtp.waitFor({ to: account.email, subject: /verify/i })).links, "/verify-email");
  expect((await browser.request("POST", "/api/account/verify-email", { token })).status).toBe(200);
  expect(await browser.signIn(account.email, account.password)).toBe(true);
  return { account, browser, id };
}

describe("email change", () => {
  it("needs the current password, mails the new address, keeps the old one until confirmed, then notifies it", async () => {
    const { account, browser } = await verifiedAccount();
    const newEmail = `moved-${account.username}@example.test`;
    const missing = await browser.request("PATCH", "/api/me", { email: newEmail });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: "Invalid input", issues: [{ path: ["currentPassword"] }] });
    const wrong = await browser.request("PATCH", "/api/me", { email: newEmail, currentPassword: "not-it-at-all" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: "Wrong password" });

    const before = world().smtp.mails.length;
    const asked = await browser.request("PATCH", "/api/me", { email: newEmail.toUpperCase(), currentPassword: account.password });
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ id: expect.any(String), username: account.username, email: account.email, displayName: null, plan: "free" });
    expect(await (await browser.request("GET", "/dashboard/account")).text()).toContain(newEmail);
    const mail = await world().smtp.waitFor({ to: newEmail, subject: /confirm/i }, { after: before });
    expect(mail.text).toContain(`${world().env.PUBLIC_BASE_URL}/confirm-email?token=`);
    const token = tokenFrom(mail.links, "/confirm-email");
    // Until then the old address is the account's.
    expect(((await (await browser.request("GET", "/api/me")).json()) as { email: string }).email).toBe(account.email);
    expect(await new Browser(world().baseUrl).signIn(account.email, account.password)).toBe(true);

    const confirmed = await new Browser(world().baseUrl).request("POST", "/api/account/confirm-email", { token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ email: newEmail });
    expect(((await (await browser.request("GET", "/api/me")).json()) as { email: string }).email).toBe(newEmail);
    const notice = await world().smtp.waitFor({ to: account.email, subject: /email address was changed/i }, { after: before });
    expect(notice.text).toContain(newEmail);
    expect(await new Browser(world().baseUrl).signIn(newEmail, account.password)).toBe(true);
    const reused = await new Browser(world().baseUrl).request("POST", "/api/account/confirm-email", { token });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual({ error: "Invalid or expired link" });
  });

  it("an address another account uses is 409, at the request and at the link", async () => {
    const first = await verifiedAccount();
    const second = await verifiedAccount();
    const taken = await first.browser.request("PATCH", "/api/me", { email: second.account.email, currentPassword: first.account.password });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: "Email already registered" });
    // Taken between the request and the link.
    const wanted = `wanted-${first.account.username}@example.test`;
    const before = world().smtp.mails.length;
    expect((await first.browser.request("PATCH", "/api/me", { email: wanted, currentPassword: first.account.password })).status).toBe(200);
    const token = tokenFrom((await world().smtp.waitFor({ to: wanted, subject: /confirm/i }, { after: before })).links, "/confirm-email");
    expect((await new Browser(world().baseUrl).request("POST", "/api/account/signup", { ...uniqueAccount(), email: wanted })).status).toBe(201);
    const late = await new Browser(world().baseUrl).request("POST", "/api/account/confirm-email", { token });
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({ error: "Email already registered" });
    for (const bad of ["", "zzz", 3]) {
      const res = await new Browser(world().baseUrl).request("POST", "/api/account/confirm-email", { token: bad });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "Invalid or expired link" });
    }
  });
});

describe("password change", () => {
  it("ends every other session, keeps this one through a re-issued cookie, and mails a notice", async () => {
    const { account, browser } = await verifiedAccount();
    const other = new Browser(world().baseUrl);
    expect(await other.signIn(account.email, account.password)).toBe(true);
    const oldCookie = browser.cookie();

    expect((await browser.request("PATCH", "/api/me", { password: "Fresh-Ladder-Password-9" })).status).toBe(400);
    const weak = await browser.request("PATCH", "/api/me", { password: "qwertyuiop", currentPassword: account.password });
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { issues: { path: string[] }[] }).issues[0].path).toEqual(["password"]);

    const before = world().smtp.mails.length;
    const changed = await browser.request("PATCH", "/api/me", { password: "Fresh-Ladder-Password-9", currentPassword: account.password });
    expect(changed.status).toBe(200);
    const setCookie = changed.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/next-auth\.session-token=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    expect(browser.cookie()).not.toBe(oldCookie);

    expect((await browser.request("GET", "/api/me")).status).toBe(200);
    expect((await browser.request("GET", "/dashboard/account")).status).toBe(200);
    expect((await other.request("GET", "/api/me")).status).toBe(401);
    // The cookie from before the change is dead too.
    const stale = await fetch(`${world().baseUrl}/api/me`, { headers: { Cookie: oldCookie } });
    expect(stale.status).toBe(401);
    await world().smtp.waitFor({ to: account.email, subject: /password was changed/i }, { after: before });
    expect(await new Browser(world().baseUrl).signIn(account.email, account.password)).toBe(false);
    expect(await new Browser(world().baseUrl).signIn(account.email, "Fresh-Ladder-Password-9")).toBe(true);
  });

  it("wrong current passwords are 403 and throttled like sign-in (429 after ten)", async () => {
    const { account, browser } = await verifiedAccount();
    for (let n = 0; n < 10; n++) {
      const res = await browser.request("PATCH", "/api/me", { password: "Another-Ladder-12", currentPassword: `wrong-${n}` });
      expect(res.status).toBe(403);
    }
    const blocked = await browser.request("PATCH", "/api/me", { password: "Another-Ladder-12", currentPassword: account.password });
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBeTruthy();
    // The sign-in of that account is held back as well (one counter).
    expect(await new Browser(world().baseUrl, randomIp()).signIn(account.email, account.password)).toBe(false);
  });
});

describe("display name and avatar", () => {
  it("changes both, and refuses a non-http avatar", async () => {
    const { browser, id } = await verifiedAccount();
    const res = await browser.request("PATCH", "/api/me", { displayName: "Ada", avatar: "https://example.test/ada.png" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ displayName: "Ada" });
    expect(res.headers.getSetCookie()).toEqual([]);
    const avatar = async () => (await sql<{ avatar: string | null }>(`SELECT avatar FROM "User" WHERE id = $1`, [id]))[0].avatar;
    expect(await avatar()).toBe("https://example.test/ada.png");
    expect((await browser.request("PATCH", "/api/me", { avatar: "javascript:alert(1)" })).status).toBe(400);
    expect(await avatar()).toBe("https://example.test/ada.png");
    expect((await browser.request("PATCH", "/api/me", { avatar: null })).status).toBe(200);
    expect(await avatar()).toBeNull();
  });
});

describe("sign out everywhere", () => {
  it("ends every session of the account, this one too", async () => {
    const { account, browser } = await verifiedAccount();
    const other = new Browser(world().baseUrl);
    expect(await other.signIn(account.email, account.password)).toBe(true);
    const cookie = browser.cookie();
    const res = await browser.request("POST", "/api/account/sign-out-everywhere");
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join("\n")).toMatch(/next-auth\.session-token=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    expect((await fetch(`${world().baseUrl}/api/me`, { headers: { Cookie: cookie } })).status).toBe(401);
    expect((await other.request("GET", "/api/me")).status).toBe(401);
    const page = await fetch(`${world().baseUrl}/dashboard/posts`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(page.status).toBe(307);
    expect(page.headers.get("location")).toContain("/signin");
    // Signing in again works.
    expect(await new Browser(world().baseUrl).signIn(account.email, account.password)).toBe(true);
  });

  it("is for sessions only: an API key gets 403", async () => {
    const { browser } = await verifiedAccount();
    const created = await browser.request("POST", "/api/keys", { name: "k", scopes: ["posts:read"] });
    const { key } = (await created.json()) as { key: string };
    const res = await fetch(`${world().baseUrl}/api/account/sign-out-everywhere`, { method: "POST", headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Session required" });
  });
});

describe("account deletion", () => {
  it("needs the password, then deletes the project with its data and media files", async () => {
    const { account, browser, id } = await verifiedAccount();
    const keep = await verifiedAccount();
    await sql(`UPDATE "User" SET plan = 'pro' WHERE id = $1`, [id]);
    expect((await browser.request("POST", "/api/posts", { title: "Hello", slug: "hello", status: "published" })).status).toBe(201);
    expect((await keep.browser.request("POST", "/api/posts", { title: "Kept", slug: "kept" })).status).toBe(201);
    expect((await browser.request("POST", "/api/collections", { name: "Notes", slug: "notes" })).status).toBe(201);
    expect((await browser.request("POST", "/api/collections/notes/entries", { data: { title: "One" } })).status).toBe(201);
    const key = (await (await browser.request("POST", "/api/keys", { name: "k", scopes: ["posts:read"] })).json()) as { key: string };
    expect((await browser.request("POST", "/api/webhooks", { url: "http://127.0.0.1:9/hook", events: ["post.published"] })).status).toBe(201);
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(await photoJpeg({ width: 320, height: 200 }))], { type: "image/jpeg" }), "photo.jpg");
    const uploaded = await fetch(`${world().baseUrl}/api/media`, { method: "POST", headers: { Cookie: browser.cookie(), "X-Forwarded-For": browser.ip }, body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const medium = (await uploaded.json()) as { id: string };
    const mediaFolder = path.join(world().env.DATA_DIR!, "media", medium.id);
    expect(existsSync(mediaFolder)).toBe(true);

    const wrong = await browser.request("DELETE", "/api/me", { password: "not-the-password" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: "Wrong password" });
    expect((await browser.request("DELETE", "/api/me", {})).status).toBe(400);

    const deleted = await browser.request("DELETE", "/api/me", { password: account.password });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.getSetCookie().join("\n")).toContain("Max-Age=0");
    for (const table of ["Post", "Collection", "ApiKey", "WebhookSubscription", "Media", "OutboxEvent"]) {
      const column = table === "ApiKey" ? "userId" : "ownerId";
      const rows = await sql(`SELECT 1 FROM "${table}" WHERE "${column}" = $1`, [id]);
      expect(rows.length, table).toBe(0);
    }
    expect((await sql(`SELECT 1 FROM "User" WHERE id = $1`, [id])).length).toBe(0);
    expect(existsSync(mediaFolder)).toBe(false);
    expect((await fetch(`${world().baseUrl}/api/me`, { headers: { Authorization: `Bearer ${key.key}` } })).status).toBe(401);
    expect((await fetch(`${world().baseUrl}/api/posts/by-username/${account.username}`)).status).toBe(404);
    // Others are untouched.
    expect((await keep.browser.request("GET", "/api/posts/mine")).status).toBe(200);
    expect(await new Browser(world().baseUrl).signIn(account.email, account.password)).toBe(false);
  });
});
