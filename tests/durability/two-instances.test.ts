// Two instances (issue 14 item 5): two production servers on one PostgreSQL and one
// Upstash-compatible limiter (the test shim in front of Redis), as a horizontally scaled
// deployment runs. They share the API-key rate limit (the limit is reached at the same total
// across both), deliver each webhook exactly once while both run the delivery tick at the same
// time, announce a scheduled post once when both tick, and read back at once on one what was
// written on the other, ETags and 304s included (each has its own in-process body cache).
// A tick is global, so this file has its own database. Skipped without PostgreSQL or Redis.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db, disconnectDb } from "../../lib/db";
import { createWebhookSubscription } from "../../lib/webhooks/create-webhook-subscription";
import { deliveryProblems, writeEventfulChanges } from "../support/event-writes";
import { createTestKey, createTestUser, uniqueName } from "../support/fixtures";
import { uniqueIp } from "../support/posts-api";
import { startNextServer, type RunningServer } from "../support/start-next-server";
import { createTestDatabase, type TestDatabase } from "../support/test-database";
import { testServerEnv } from "../support/test-server-env";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver";

const CRON_SECRET = "two-instances-secret";
const KEY_LIMIT = 40;
const upstash = inject("upstash");
const figures = { requests: 0, ticks: 0, deliveries: 0, duplicates: 0, scheduledAnnounced: 0 };
/** Scheduled posts the ticks say they announced, summed over every tick of both instances. */
let announcedByTicks = 0;

let database: TestDatabase;
let a: RunningServer;
let b: RunningServer;
let receiver: WebhookReceiver;

async function request(server: RunningServer, path: string, init: RequestInit = {}): Promise<Response> {
  figures.requests++;
  return fetch(`${server.url}${path}`, init);
}

async function tick(server: RunningServer): Promise<{ published: number; delivered: number; failed: number }> {
  figures.ticks++;
  const res = await request(server, "/api/cron/tick", { headers: { Authorization: `Bearer ${CRON_SECRET}` } });
  expect(res.status).toBe(200);
  const result = (await res.json()) as { published: number; delivered: number; failed: number };
  announcedByTicks += result.published;
  return result;
}

describe.skipIf(!process.env.TEST_DATABASE_URL || !upstash)("two instances on one PostgreSQL and one Upstash limiter", () => {
  beforeAll(async () => {
    database = await createTestDatabase("inkbase_two_instances", "postgres");
    process.env.DATABASE_URL = database.url;
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1";
    receiver = await startWebhookReceiver();
    const env = {
      ...testServerEnv({ databaseUrl: database.url, cronSecret: CRON_SECRET }),
      UPSTASH_REDIS_REST_URL: upstash!.url,
      UPSTASH_REDIS_REST_TOKEN: upstash!.token,
      RATE_LIMIT_KEY_PER_MIN: String(KEY_LIMIT),
      // Behind one load balancer both instances serve one public origin. It is part of every
      // public ETag and URL, so instances left to default to their own localhost:<port> would
      // give the same post two ETags.
      PUBLIC_BASE_URL: "https://blog.example.test",
    };
    [a, b] = await Promise.all([startNextServer(env), startNextServer(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await receiver?.close();
    await disconnectDb();
    await database?.drop();
    console.log(
      `[two-instances] ${figures.requests} requests over A and B (${figures.ticks} concurrent ticks), ` +
        `${figures.deliveries} webhook deliveries, ${figures.duplicates} duplicates, ${figures.scheduledAnnounced} scheduled posts announced once`,
    );
  });

  it("reaches the API-key limit at the same total across both instances", async () => {
    // A fixed one-minute window: a burst that straddles the minute is tried again with a new key.
    for (let attempt = 0; ; attempt++) {
      const user = await createTestUser();
      const key = await createTestKey(user.id, ["posts:read"]);
      // Eight at a time, alternating: concurrent, but not so many that a limiter call outlives
      // its 1 s timeout on a busy machine (the limiter fails open, which would read as a miss).
      const answers: { server: string; status: number; reset: string | null }[] = [];
      for (let batch = 0; batch < (KEY_LIMIT * 2) / 8; batch++) {
        const replies = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            request(i % 2 ? b : a, "/api/me", { headers: { Authorization: `Bearer ${key}` } }).then((res) => ({ server: i % 2 ? "B" : "A", status: res.status, reset: res.headers.get("X-RateLimit-Reset") })),
          ),
        );
        answers.push(...replies);
      }
      if (new Set(answers.map((answer) => answer.reset)).size > 1 && attempt < 2) continue;
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(KEY_LIMIT);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(KEY_LIMIT);
      // Both instances refused once the shared count was spent, not only one of them.
      expect(new Set(answers.filter((answer) => answer.status === 429).map((answer) => answer.server))).toEqual(new Set(["A", "B"]));
      return;
    }
  });

  it("delivers each webhook exactly once and announces each scheduled post once while both tick", { timeout: 90_000 }, async () => {
    announcedByTicks = 0;
    const user = await createTestUser({ plan: "pro" });
    // Three keys: about 60 writes in a minute, each key inside the 40 a minute of this file.
    const keys = await Promise.all([1, 2, 3].map(() => createTestKey(user.id, ["posts:read", "posts:write", "collections:read", "collections:write"])));
    const key = keys[0];
    await createWebhookSubscription({ ownerId: user.id, input: { url: receiver.url } });
    receiver.respond({ status: 200, delayMs: 20 });
    const mark = receiver.received.length;

    // Live: writes through both, each delivered right after its response by the instance that
    // took it, while both instances tick in a loop beside them.
    let writing = true;
    const ticking = [a, b].map(async (server) => {
      while (writing) {
        await tick(server);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    const writes = await writeEventfulChanges({ baseUrls: [a.url, b.url], keys, entries: 8, posts: 4, patches: 3 });
    figures.requests += writes.requests;

    // Scheduled posts, their time then come (moved into the past, as the tick sees it).
    const scheduled: string[] = [];
    for (let n = 0; n < 4; n++) {
      const res = await request(n % 2 ? b : a, "/api/posts", {
        method: "POST",
        headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
        body: JSON.stringify({ title: `Scheduled ${n}`, slug: uniqueName("sched"), status: "published", publishedAt: new Date(Date.now() + 3600_000).toISOString() }),
      });
      expect(res.status).toBe(201);
      scheduled.push(((await res.json()) as { id: string }).id);
    }
    await db().post.updateMany({ where: { id: { in: scheduled } }, data: { publishedAt: new Date(Date.now() - 1000) } });
    // Both instances at once, several ticks each, beside the ticking loops.
    await Promise.all([a, b, a, b, a, b].map((server) => tick(server)));
    writing = false;
    await Promise.all(ticking);

    const deliveries = await db().webhookDelivery.count({ where: { subscription: { ownerId: user.id } } });
    for (let round = 0; round < 5 && (await db().webhookDelivery.count({ where: { subscription: { ownerId: user.id }, status: { not: "succeeded" } } })); round++) {
      await Promise.all([tick(a), tick(b)]);
    }
    const outbox = await db().outboxEvent.findMany({ where: { ownerId: user.id }, orderBy: { sequence: "asc" }, select: { id: true, orderingKey: true, type: true, body: true } });
    expect(outbox).toHaveLength(deliveries);
    const received = receiver.received.slice(mark);
    const { problems, duplicates } = deliveryProblems(received, outbox);
    figures.deliveries += received.length;
    figures.duplicates += duplicates;
    expect(problems).toEqual([]);
    expect(received).toHaveLength(deliveries);

    // Each scheduled post: one post.published in the outbox, and the ticks counted it once.
    expect(announcedByTicks).toBe(scheduled.length);
    for (const id of scheduled) {
      expect(outbox.filter((event) => event.type === "post.published" && event.orderingKey === `post:${id}`)).toHaveLength(1);
    }
    figures.scheduledAnnounced += scheduled.length;
    // Every delivery succeeded exactly once in the attempt log, whichever instance sent it.
    const succeeded = await db().webhookAttempt.groupBy({ by: ["deliveryId"], where: { statusCode: 200, delivery: { subscription: { ownerId: user.id } } }, _count: true });
    expect(succeeded).toHaveLength(deliveries);
    expect(succeeded.every((row) => row._count === 1)).toBe(true);
  });

  it("reads back on one instance what was written on the other, ETags and 304s included", async () => {
    const user = await createTestUser();
    const key = await createTestKey(user.id, ["posts:read", "posts:write"]);
    const ip = uniqueIp();
    const write = (server: RunningServer, method: string, path: string, body: unknown) =>
      request(server, path, { method, headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const publicRead = (server: RunningServer, path: string, etag?: string) =>
      request(server, `/api/posts/by-username/${user.username}${path}`, { headers: { "X-Forwarded-For": ip, ...(etag ? { "If-None-Match": etag } : {}) } });

    const slug = uniqueName("both");
    const created = await write(a, "POST", "/api/posts", { title: "First title", slug, status: "published" });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    // Both instances render and cache the post (and the list) under the same ETag.
    const onB = await publicRead(b, `/${slug}`);
    const onA = await publicRead(a, `/${slug}`);
    const first = onB.headers.get("ETag")!;
    expect(first).toBeTruthy();
    expect(onA.headers.get("ETag")).toBe(first);
    const listEtag = (await publicRead(b, "")).headers.get("ETag")!;

    for (const [writer, reader] of [[a, b], [b, a]] as const) {
      const title = `Written on ${writer === a ? "A" : "B"} ${uniqueName("t")}`;
      expect((await write(writer, "PATCH", `/api/posts/${id}`, { title })).status).toBe(200);
      // At once on the other instance: the owner's read, the public read despite its cached
      // body under the old ETag, and the list.
      const owner = await request(reader, `/api/posts/${id}`, { headers: { Authorization: `Bearer ${key}` } });
      expect(((await owner.json()) as { title: string }).title).toBe(title);
      const fresh = await publicRead(reader, `/${slug}`, first);
      expect(fresh.status).toBe(200);
      expect(((await fresh.json()) as { title: string }).title).toBe(title);
      const etag = fresh.headers.get("ETag")!;
      expect(etag).not.toBe(first);
      const list = await publicRead(reader, "", listEtag);
      expect(list.status).toBe(200);
      expect(JSON.stringify(await list.json())).toContain(title);
      // The new ETag is the same on both, so either answers 304 to it.
      expect((await publicRead(writer, `/${slug}`, etag)).status).toBe(304);
      expect((await publicRead(reader, `/${slug}`, etag)).status).toBe(304);
    }
  });
});
