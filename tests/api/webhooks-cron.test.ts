// Everything that runs a tick: the in-process ticker of `npm start` (scripts/serve.ts under the
// launcher's IPC channel), GET /api/cron/tick with its Bearer CRON_SECRET, and the admin CLI's
// `cron:run`, plus `webhook:create`. A tick is global (every due post and delivery), so this file
// works on a database of its own, with servers of its own on it, one after the other.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCronTick } from "../../lib/cron/run-cron-tick";
import { db, disconnectDb } from "../../lib/db";
import { EVENT_TYPES } from "../../lib/webhooks/event-types";
import { createWebhookSubscription } from "../../lib/webhooks/create-webhook-subscription";
import { createTestUser, uniqueName } from "../support/fixtures";
import { runAdmin } from "../support/run-admin";
import { startNextServer, type RunningServer } from "../support/start-next-server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { enqueueTestEvent, verifiesServiceSignature, verifiesStandardSignature } from "../support/webhooks-fixtures";
import { testServerEnv } from "../support/test-server-env";

const CRON_SECRET = "webhooks-cron-secret";
let database: TestDatabase;
let receiver: WebhookReceiver;
let serverEnv: Record<string, string | undefined>;

beforeAll(async () => {
  database = await createTestDatabase("inkbase_webhooks_cron");
  process.env.DATABASE_URL = database.url;
  process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1";
  receiver = await startWebhookReceiver();
  serverEnv = testServerEnv({ databaseUrl: database.url, cronSecret: CRON_SECRET });
});
afterAll(async () => {
  await receiver?.close();
  await disconnectDb();
  await database?.drop();
});

async function userWithSubscription() {
  const user = await createTestUser();
  const { secret } = await createWebhookSubscription({ ownerId: user.id, input: { url: receiver.url } });
  return { user, secret };
}

describe("the in-process ticker (npm start)", () => {
  // The due work exists before the server starts, and the server starts in a hook: starting a
  // production server is the slow part on a loaded machine (its health wait allows 60 s), which
  // the test's own 30 s must not have to cover. The ticker's first tick runs at start.
  let server: RunningServer;
  let due: { secret: string; eventId: string; postId: string; before: number };
  beforeAll(async () => {
    const { user, secret } = await userWithSubscription();
    const { eventId } = await enqueueTestEvent(user);
    const post = await db().post.create({
      data: { ownerId: user.id, slug: uniqueName("p"), title: "Due", content: { type: "doc", content: [] }, status: "published", publishedAt: new Date(Date.now() - 1000) },
    });
    due = { secret, eventId, postId: post.id, before: receiver.received.length };
    server = await startNextServer(serverEnv, { ipc: true });
  });
  afterAll(() => server?.stop());

  it("announces due scheduled posts and delivers due webhooks with no request at all, and stops on SIGTERM", async () => {
    const { secret, eventId, postId, before } = due;
    const requests = (await receiver.waitFor(before + 2)).slice(before);
    expect(requests.map((r) => r.json.type).sort()).toEqual(["entry.created", "post.published"]);
    expect(requests.find((r) => r.json.type === "entry.created")!.json.id).toBe(eventId);
    expect(requests.find((r) => r.json.type === "post.published")!.json.data).toMatchObject({ post: { id: postId } });
    for (const request of requests) {
      expect(await verifiesServiceSignature(secret, request)).toBe(true);
      expect(verifiesStandardSignature(secret, request)).toBe(true);
    }
    expect(server.output()).toContain("in-process cron tick every 30 s");
    await server.stop();
    expect(await server.exited()).toBe(0);
  });
});

describe("GET /api/cron/tick", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startNextServer(serverEnv);
  });
  afterAll(() => server?.stop());

  const tick = (authorization?: string) =>
    fetch(`${server.url}/api/cron/tick`, { headers: authorization ? { Authorization: authorization } : {} });

  it("runs no ticker of its own: servers not started by npm start's launcher only tick when asked", () => {
    expect(server.output()).not.toContain("in-process cron tick");
  });

  it("refuses a request without the Bearer CRON_SECRET with 401", async () => {
    for (const authorization of [undefined, "Bearer wrong-secret", `Basic ${CRON_SECRET}`, CRON_SECRET, `Bearer ${CRON_SECRET}x`]) {
      const res = await tick(authorization);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: "Unauthorized" });
    }
  });

  it("announces due scheduled posts and delivers due webhooks: { published, delivered, failed }", async () => {
    const { user, secret } = await userWithSubscription();
    const { eventId } = await enqueueTestEvent(user, { type: "entry.deleted" });
    const scheduled = await db().post.create({
      data: { ownerId: user.id, slug: uniqueName("p"), title: "Later", content: { type: "doc", content: [] }, status: "published", publishedAt: new Date(Date.now() + 3600_000) },
    });
    const before = receiver.received.length;

    const res = await tick(`Bearer ${CRON_SECRET}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ published: 0, delivered: 1, failed: 0 });
    const [request] = (await receiver.waitFor(before + 1)).slice(before);
    expect(request.json).toMatchObject({ id: eventId, type: "entry.deleted" });
    expect(await verifiesServiceSignature(secret, request)).toBe(true);

    // The scheduled post's time comes: the next tick announces it, and only that tick.
    await db().post.update({ where: { id: scheduled.id }, data: { publishedAt: new Date(Date.now() - 1000) } });
    expect(await (await tick(`Bearer ${CRON_SECRET}`)).json()).toEqual({ published: 1, delivered: 1, failed: 0 });
    expect(await (await tick(`Bearer ${CRON_SECRET}`)).json()).toEqual({ published: 0, delivered: 0, failed: 0 });
    const [announced] = (await receiver.waitFor(before + 2)).slice(before + 1);
    expect(announced.json).toMatchObject({ type: "post.published", data: { post: { id: scheduled.id, status: "published" } } });
  });

  it("counts failed attempts", async () => {
    const down = await startWebhookReceiver();
    await down.stop();
    const user = await createTestUser();
    const subscription = await createWebhookSubscription({ ownerId: user.id, input: { url: down.url } });
    await enqueueTestEvent(user);
    expect(await (await tick(`Bearer ${CRON_SECRET}`)).json()).toEqual({ published: 0, delivered: 0, failed: 1 });
    // Its retry falls due a minute later: on a slow machine that is during a later test's tick,
    // which then counted this failure as its own.
    await db().webhookSubscription.delete({ where: { id: subscription.id } });
  });
});

describe("admin CLI", () => {
  // One CLI process per test wherever the calls are independent: each process's start-up (npm,
  // tsx, the app's modules) costs seconds of CPU, and four in a row took 18 s of a test's 30 s on
  // a lightly loaded machine.
  const cli = (args: string[], env: Record<string, string | undefined> = {}) =>
    runAdmin(args, { DATABASE_URL: database.url, WEBHOOK_ALLOW_PRIVATE_TARGETS: "1", ...env });

  it("webhook:create prints { id, url, events, secret }, all events by default", async () => {
    const user = await createTestUser();
    const created = await cli(["webhook:create", "--username", user.username, "--url", receiver.url]);
    expect(created.code).toBe(0);
    const json = created.json as Record<string, unknown>;
    expect(Object.keys(json).sort()).toEqual(["events", "id", "secret", "url"]);
    expect(json).toMatchObject({ id: expect.any(String), url: receiver.url, events: [...EVENT_TYPES], secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/) });
    const row = await db().webhookSubscription.findUniqueOrThrow({ where: { id: json.id as string } });
    expect(row).toMatchObject({ ownerId: user.id, secret: json.secret, active: true });
  });

  it("webhook:create --events keeps the chosen ones", async () => {
    const user = await createTestUser();
    const chosen = await cli(["webhook:create", "--username", user.username, "--url", receiver.url, "--events", "post.published,entry.created"]);
    expect(chosen.code).toBe(0);
    expect((chosen.json as { events: string[] }).events).toEqual(["entry.created", "post.published"]);
  });

  it("webhook:create --events refuses unknown ones", async () => {
    const user = await createTestUser();
    const unknown = await cli(["webhook:create", "--username", user.username, "--url", receiver.url, "--events", "entry.exploded"]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stdout).toBe("");
    expect(unknown.json).toEqual({ error: expect.stringContaining("Invalid input") });
  });

  it("webhook:create refuses an unknown user", async () => {
    const missing = await cli(["webhook:create", "--username", "nobody-here", "--url", receiver.url]);
    expect(missing.code).not.toBe(0);
    expect(missing.json).toEqual({ error: "User not found" });
  });

  it.each([
    ["an http URL", () => receiver.url],
    ["a loopback address", () => "https://127.0.0.1/hook"],
    ["a link-local address", () => "https://169.254.169.254/"],
  ])("webhook:create without WEBHOOK_ALLOW_PRIVATE_TARGETS refuses %s and creates nothing", async (_label, url) => {
    const user = await createTestUser();
    const refused = await cli(["webhook:create", "--username", user.username, "--url", url()], { WEBHOOK_ALLOW_PRIVATE_TARGETS: undefined });
    expect(refused.code).not.toBe(0);
    expect(refused.json).toEqual({ error: expect.stringMatching(/^Invalid input: url: (Must be an https URL|Resolves to )/) });
    expect(await db().webhookSubscription.count({ where: { ownerId: user.id } })).toBe(0);
  });

  it("cron:run announces due posts and delivers due webhooks once: { published, delivered, failed }", async () => {
    const { user, secret } = await userWithSubscription();
    const { eventId } = await enqueueTestEvent(user);
    await db().post.create({
      data: { ownerId: user.id, slug: uniqueName("p"), title: "Due", content: { type: "doc", content: [] }, status: "published", publishedAt: new Date(Date.now() - 1000) },
    });
    const before = receiver.received.length;

    const run = await cli(["cron:run"]);
    expect(run.code).toBe(0);
    expect(run.json).toEqual({ published: 1, delivered: 2, failed: 0 });
    const requests = (await receiver.waitFor(before + 2)).slice(before);
    expect(requests.map((r) => r.json.type).sort()).toEqual(["entry.created", "post.published"]);
    expect(requests.some((r) => r.json.id === eventId)).toBe(true);
    for (const request of requests) expect(verifiesStandardSignature(secret, request)).toBe(true);

    // Nothing is left due: the same tick, run here, finds no work (a second CLI process would
    // only add its start-up, the slowest part of this test on a loaded machine).
    expect(await runCronTick()).toEqual({ published: 0, delivered: 0, failed: 0 });
  });
});
