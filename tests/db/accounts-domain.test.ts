// The account rules on a real database, below HTTP: a hash of the old cost is upgraded at the
// next sign-in (and only after a right password), a link is used once even by two requests at
// once, the setup code is generated once and kept (or taken from SETUP_CODE), setup announces
// itself only while no account exists, and a mail row keeps no body once sent.
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { hashPassword, needsRehash, PASSWORD_HASH_COST } from "../../lib/auth/password";
import { verifyCredentials } from "../../lib/users/verify-credentials";
import { consumeAccountToken } from "../../lib/accounts/consume-account-token";
import { issueAccountToken } from "../../lib/accounts/issue-account-token";
import { announceSetup } from "../../lib/accounts/announce-setup";
import { completeSetup } from "../../lib/accounts/complete-setup";
import { forgetAccountExists } from "../../lib/accounts/has-any-account";
import { setupCode, SETUP_CODE_SETTING } from "../../lib/accounts/setup-code";
import { enqueueMail } from "../../lib/mail/enqueue-mail";
import { deliverDueMails } from "../../lib/mail/deliver-due-mails";
import { ApiError } from "../../lib/http/api-error";
import { ownTestDatabase } from "../support/own-database";
import { startSmtpCatcher } from "../support/smtp-catcher";
import { createUser } from "../../lib/users/create-user";

ownTestDatabase("inkbase_accounts_domain");

const uniq = () => randomBytes(4).toString("hex");

/** A scrypt hash at the cost used before issue 35 (N = 2^14), made the way it was made then. */
async function oldHash(password: string): Promise<string> {
  const { scrypt } = await import("node:crypto");
  const salt = randomBytes(16);
  const hash = await new Promise<Buffer>((resolve, reject) => scrypt(password, salt, 64, { N: 16384, r: 8, p: 1 }, (err, key) => (err ? reject(err) : resolve(key))));
  return ["scrypt", 16384, 8, 1, salt.toString("base64"), hash.toString("base64")].join("$");
}

describe("password hashes", () => {
  it("upgrades an old-cost hash at the next successful sign-in, never after a wrong password", async () => {
    const user = await createUser({ username: `old-${uniq()}`, email: `old-${uniq()}@example.test`, password: "whatever-123" });
    const old = await oldHash("Correct-Horse-1");
    await db().user.update({ where: { id: user.id }, data: { passwordHash: old } });
    expect(needsRehash(old)).toBe(true);

    expect(await verifyCredentials(user.email, "wrong-password")).toBeNull();
    expect((await db().user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(old);

    expect(await verifyCredentials(user.email, "Correct-Horse-1")).toMatchObject({ id: user.id, sessionVersion: 0 });
    const upgraded = (await db().user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash!;
    expect(upgraded).not.toBe(old);
    expect(upgraded.split("$").slice(0, 4)).toEqual(["scrypt", String(PASSWORD_HASH_COST.N), "8", "1"]);
    expect(needsRehash(upgraded)).toBe(false);
    // The same password still signs in, now against the new hash.
    expect(await verifyCredentials(user.email, "Correct-Horse-1")).not.toBeNull();
  });

  it("an account without a password (single sign-on) never signs in with one", async () => {
    const user = await createUser({ username: `sso-${uniq()}`, email: `sso-${uniq()}@example.test`, password: "whatever-123" });
    await db().user.update({ where: { id: user.id }, data: { passwordHash: null } });
    expect(await verifyCredentials(user.email, "")).toBeNull();
    expect(await verifyCredentials(user.email, "whatever-123")).toBeNull();
  });

  it("new hashes use today's cost", async () => {
    expect((await hashPassword("x")).startsWith(`scrypt$${PASSWORD_HASH_COST.N}$`)).toBe(true);
  });
});

describe("single-use links", () => {
  it("two uses at once: exactly one wins", async () => {
    const user = await createUser({ username: `tok-${uniq()}`, email: `tok-${uniq()}@example.test`, password: "whatever-123" });
    const token = await db().$transaction((tx) => issueAccountToken(tx, { userId: user.id, kind: "reset_password" }));
    const outcomes = await Promise.allSettled(
      [0, 1, 2].map(() => db().$transaction((tx) => consumeAccountToken(tx, { token, kind: "reset_password" }))),
    );
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === "rejected")) {
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(ApiError);
      expect(((outcome as PromiseRejectedResult).reason as ApiError).body).toEqual({ error: "Invalid or expired link" });
    }
  });

  it("a link of one kind does not work as another", async () => {
    const user = await createUser({ username: `kind-${uniq()}`, email: `kind-${uniq()}@example.test`, password: "whatever-123" });
    const token = await db().$transaction((tx) => issueAccountToken(tx, { userId: user.id, kind: "verify_email", email: user.email }));
    await expect(db().$transaction((tx) => consumeAccountToken(tx, { token, kind: "reset_password" }))).rejects.toBeInstanceOf(ApiError);
    await expect(db().$transaction((tx) => consumeAccountToken(tx, { token, kind: "verify_email" }))).resolves.toMatchObject({ userId: user.id });
  });
});

describe("the mail queue", () => {
  it("keeps recipient, subject and times of a sent mail, not its body", async () => {
    const smtp = await startSmtpCatcher();
    const previous = process.env.SMTP_URL;
    process.env.SMTP_URL = smtp.url;
    try {
      const to = `queue-${uniq()}@example.test`;
      const id = await db().$transaction((tx) => enqueueMail(tx, { kind: "password_changed", userId: null, to, subject: "Hello", text: "Link: https://x.test/a?token=secret", html: "<p>secret</p>" }));
      await deliverDueMails({ mailIds: [id] });
      const mail = await smtp.waitFor({ to });
      expect(mail.text).toContain("https://x.test/a?token=secret");
      const row = await db().mail.findUniqueOrThrow({ where: { id } });
      expect(row).toMatchObject({ to, subject: "Hello", status: "sent", text: null, html: null, attemptCount: 1 });
      expect(row.sentAt).not.toBeNull();
    } finally {
      process.env.SMTP_URL = previous;
      await smtp.close();
    }
  });
});

describe("first-run setup", () => {
  const saved = process.env.SETUP_CODE;
  beforeEach(async () => {
    forgetAccountExists();
    delete process.env.SETUP_CODE;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.SETUP_CODE;
    else process.env.SETUP_CODE = saved;
    forgetAccountExists();
  });

  it("with accounts present: nothing is announced and setup is 409", async () => {
    await createUser({ username: `exists-${uniq()}`, email: `exists-${uniq()}@example.test`, password: "whatever-123" });
    const lines: string[] = [];
    await announceSetup((line) => lines.push(line));
    expect(lines).toEqual([]);
    await expect(completeSetup({ body: {}, ip: "1.2.3.4" })).rejects.toMatchObject({ status: 409, body: { error: "Already set up" } });
  });

  it("on an empty database: the code is generated once and kept; SETUP_CODE wins and is not printed", async () => {
    await db().user.deleteMany({});
    forgetAccountExists();
    const lines: string[] = [];
    await announceSetup((line) => lines.push(line));
    await announceSetup((line) => lines.push(line));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(lines[1]);
    const { code } = await setupCode();
    expect(lines[0]).toMatch(new RegExp(`^Inkbase has no account yet: open \\S+/setup and enter the code ${code}$`));
    expect((await db().instanceSetting.findUniqueOrThrow({ where: { key: SETUP_CODE_SETTING } })).value).toBe(code);

    process.env.SETUP_CODE = "my-own-code-123";
    lines.length = 0;
    await announceSetup((line) => lines.push(line));
    expect(lines[0]).toMatch(/enter the code set in SETUP_CODE$/);
    expect(lines[0]).not.toContain("my-own-code-123");
    const input = { username: `own-${uniq()}`, email: `own-${uniq()}@example.test`, password: "Solid-Ladder-77" };
    await expect(completeSetup({ body: { ...input, code }, ip: "5.6.7.8" })).rejects.toMatchObject({ status: 403, body: { error: "Invalid setup code" } });
    // Many setups at once with the right code: exactly one account.
    const attempts = await Promise.allSettled(
      [0, 1, 2, 3].map((n) => completeSetup({ body: { ...input, username: `${input.username}-${n}`, email: `${n}-${input.email}`, code: "MY-OWN-CODE-123" }, ip: "5.6.7.9" })),
    );
    expect(attempts.filter((attempt) => attempt.status === "fulfilled")).toHaveLength(1);
    expect(await db().user.count()).toBe(1);
    expect(await db().instanceSetting.count({ where: { key: SETUP_CODE_SETTING } })).toBe(0);
  });
});
