// A webhook receiver that is down for a while (first refusing connections, then answering 503)
// gets every event once it is back, through the real retry path: the after-response attempt, the
// retry schedule (about 1 min, then 5 min, ...) and GET /api/cron/tick on a production server.
// Nothing is lost, nothing is delivered twice, and the events of each entry and post arrive in
// the order they were written. The schedule's waits are not slept through: the test moves the
// due times of pending deliveries to now ("the minute has passed") and then ticks, after checking
// that the schedule had put them where DECISIONS §6 says. A tick is global, so this file runs on
// a database and a server of its own.
import { afterAll, beforeAll, expect, it } from "vitest";
import { db, disconnectDb } from "../../lib/db";
import { RETRY_DELAYS_MS } from "../../lib/webhooks/retry-schedule";
import { createWebhookSubscription } from "../../lib/webhooks/create-webhook-subscription";
import { deliveryProblems, writeEventfulChanges } from "../support/event-writes";
import { createTestKey, createTestUser } from "../support/fixtures";
import { startNextServer, type RunningServer } from "../support/start-next-server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { testServerEnv } from "../support/test-server-env";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const CRON_SECRET = "receiver-downtime-secret";
const ENTRIES = 3;
const POSTS = 2;
let database: TestDatabase;
let server: RunningServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  database = await createTestDatabase("inkbase_downtime");
  process.env.DATABASE_URL = database.url;
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1";
  receiver = await startWebhookReceiver();
  server = await startNextServer(testServerEnv({ databaseUrl: database.url, cronSecret: CRON_SECRET }));
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await disconnectDb();
  await database?.drop();
});

async function tick(): Promise<{ published: number; delivered: number; failed: number }> {
  const res = await fetch(`${server.url}/api/cron/tick`, { headers: { Authorization: `Bearer ${CRON_SECRET}` } });
  expect(res.status).toBe(200);
  return res.json();
}

/** The retry delay has passed: every pending delivery scheduled for later is due now. */
const letTheWaitPass = () => db().webhookDelivery.updateMany({ where: { status: "pending", nextAttemptAt: { gt: new Date() } }, data: { nextAttemptAt: new Date() } });

/** Scheduled about `delay` after its attempt (which was at most seconds ago), not sooner. */
function expectRetryIn(nextAttemptAt: Date, delay: number): void {
  const wait = nextAttemptAt.getTime() - Date.now();
  expect(wait).toBeGreaterThan(delay / 2);
  expect(wait).toBeLessThanOrEqual(delay + 1000);
}

async function waitFor(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it("delivers every event, once and in order per entry, after the receiver comes back", { timeout: 90_000 }, async () => {
  const user = await createTestUser({ plan: "pro" });
  const key = await createTestKey(user.id, ["posts:read", "posts:write", "collections:read", "collections:write"]);
  await createWebhookSubscription({ ownerId: user.id, input: { url: receiver.url } });
  const heads = ENTRIES + POSTS; // one ordering key per entry and per post

  // Down: connections refused. Each key's first event is attempted right after its response and
  // fails; the events behind it wait their turn (order per key), unattempted.
  await receiver.stop();
  await writeEventfulChanges({ baseUrls: [server.url], keys: [key], entries: ENTRIES, posts: POSTS, patches: 3 });
  const deliveries = await db().webhookDelivery.count({ where: { subscription: { ownerId: user.id } } });
  expect(deliveries).toBe(ENTRIES * 5 + POSTS * 4);
  const attempted = () => db().webhookDelivery.findMany({ where: { subscription: { ownerId: user.id }, attemptCount: { gt: 0 }, lockedUntil: null } });
  await waitFor("the after-response attempts", async () => (await attempted()).length === heads);
  for (const delivery of await attempted()) {
    expect(delivery).toMatchObject({ status: "pending", attemptCount: 1, lastStatusCode: null });
    expectRetryIn(delivery.nextAttemptAt!, RETRY_DELAYS_MS[0]);
  }
  // A tick before the first retry is due sends nothing: the backoff holds.
  expect(await tick()).toEqual({ published: 0, delivered: 0, failed: 0 });

  // Up but unhealthy: 503 to the first retry of each key, which schedules the second retry.
  await receiver.start();
  receiver.respond({ status: 503, body: "maintenance" });
  await letTheWaitPass();
  expect(await tick()).toEqual({ published: 0, delivered: 0, failed: heads });
  for (const delivery of await attempted()) {
    expect(delivery).toMatchObject({ status: "pending", attemptCount: 2, lastStatusCode: 503 });
    expectRetryIn(delivery.nextAttemptAt!, RETRY_DELAYS_MS[1]);
  }

  // Back: the next tick after the wait delivers the backlog, each key in order.
  receiver.respond({ status: 200 });
  const mark = receiver.received.length;
  await letTheWaitPass();
  let delivered = 0;
  for (let round = 0; round < 5 && (await db().webhookDelivery.count({ where: { subscription: { ownerId: user.id }, status: "pending" } })); round++) {
    delivered += (await tick()).delivered;
  }
  expect(delivered).toBe(deliveries);

  const outbox = await db().outboxEvent.findMany({ where: { ownerId: user.id }, orderBy: { sequence: "asc" }, select: { id: true, orderingKey: true } });
  expect(outbox).toHaveLength(deliveries);
  const { problems } = deliveryProblems(receiver.received.slice(mark), outbox);
  expect(problems).toEqual([]);
  expect(receiver.received.length - mark).toBe(deliveries);
  expect(await db().webhookDelivery.count({ where: { subscription: { ownerId: user.id }, status: { not: "succeeded" } } })).toBe(0);
});
