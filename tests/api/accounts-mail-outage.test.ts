// ACCOUNTS.md "E-mail": an SMTP outage never fails the request and loses no mail (retried with
// the webhook deliveries' backoff, the first retry within a minute), and a restart resumes the
// queue: the tick of the restarted server sends what was left, with no request at all.
import pg from "pg";
import { describe, expect, it } from "vitest";
import { accountsWorld, Browser, tokenFrom, uniqueAccount } from "../support/accounts-server";
import { startNextServer } from "../support/start-next-server";

const world = accountsWorld();

type MailRow = { status: string; attemptCount: number; lastError: string | null; nextAttemptAt: Date | null; updatedAt: Date; text: string | null };

async function mailTo(address: string): Promise<MailRow | undefined> {
  const client = new pg.Client({ connectionString: world().database.url });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT status::text, "attemptCount", "lastError", "nextAttemptAt", "updatedAt", text FROM "Mail" WHERE "to" = $1`, [address]);
    return rows[0] as MailRow | undefined;
  } finally {
    await client.end();
  }
}

async function makeDue(address: string): Promise<void> {
  const client = new pg.Client({ connectionString: world().database.url });
  await client.connect();
  await client.query(`UPDATE "Mail" SET "nextAttemptAt" = now() - interval '1 second' WHERE "to" = $1 AND status = 'pending'`, [address]);
  await client.end();
}

const tick = () => fetch(`${world().baseUrl}/api/cron/tick`, { headers: { Authorization: `Bearer ${world().env.CRON_SECRET}` } });

async function signUpDuringOutage() {
  const account = uniqueAccount("outage");
  const started = performance.now();
  const res = await new Browser(world().baseUrl).request("POST", "/api/account/signup", account);
  expect(res.status).toBe(201);
  expect(performance.now() - started).toBeLessThan(10_000);
  await expect.poll(async () => (await mailTo(account.email))?.attemptCount, { timeout: 15_000 }).toBe(1);
  return account;
}

describe("mail through an SMTP outage", () => {
  it("a refusing server (451): the request succeeds, the mail is retried within a minute and sent once the server takes it", async () => {
    world().smtp.refuse(true);
    try {
      const account = await signUpDuringOutage();
      const row = (await mailTo(account.email))!;
      expect(row.status).toBe("pending");
      expect(row.lastError).toMatch(/451/);
      expect(row.text).not.toBeNull();
      const wait = row.nextAttemptAt!.getTime() - row.updatedAt.getTime();
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60_000);
      // Still refusing at the retry: a second failure, rescheduled further out.
      await makeDue(account.email);
      expect((await tick()).status).toBe(200);
      const second = (await mailTo(account.email))!;
      expect(second.attemptCount).toBe(2);
      expect(second.nextAttemptAt!.getTime() - second.updatedAt.getTime()).toBeGreaterThan(60_000);
      expect(world().smtp.to(account.email)).toEqual([]);
      world().smtp.refuse(false);
      await makeDue(account.email);
      expect((await tick()).status).toBe(200);
      const mail = await world().smtp.waitFor({ to: account.email, subject: /verify/i });
      expect(tokenFrom(mail.links, "/verify-email")).toBeTruthy();
      await expect.poll(async () => (await mailTo(account.email))?.status).toBe("sent");
      expect(await mailTo(account.email)).toMatchObject({ status: "sent", attemptCount: 3, text: null });
      // Sent once.
      await tick();
      expect(world().smtp.to(account.email)).toHaveLength(1);
    } finally {
      world().smtp.refuse(false);
    }
  });

  it("a server that is down (connection refused), then a restart of Inkbase: the restarted server's tick sends the mail", async () => {
    await world().smtp.stop();
    let account: ReturnType<typeof uniqueAccount>;
    try {
      account = await signUpDuringOutage();
      expect((await mailTo(account.email))!.lastError).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await world().smtp.start();
    }
    // Inkbase stops (as a deploy or a crash would) with the mail still queued.
    await world().server.stop();
    await makeDue(account.email);
    // `npm start`'s server: the in-process ticker ticks at start, then every 30 s; no request.
    const port = Number(new URL(world().baseUrl).port);
    const restarted = await startNextServer(world().env, { port, ipc: true });
    world().server = restarted;
    const mail = await world().smtp.waitFor({ to: account.email, subject: /verify/i }, { timeoutMs: 30_000 });
    expect(mail.links.some((link) => link.startsWith(`${world().env.PUBLIC_BASE_URL}/verify-email?token=`))).toBe(true);
    await expect.poll(async () => (await mailTo(account.email))?.status).toBe("sent");
    expect(await mailTo(account.email)).toMatchObject({ status: "sent", attemptCount: 2 });
  });
});
