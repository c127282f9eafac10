// The delivery engine against the real database and a real HTTP receiver: signatures (checked by
// @octokit/webhooks-methods and standardwebhooks), headers, the retry schedule, receivers that
// refuse, fail or hang and come back, the attempt log, concurrent ticks, per-key order, crashed
// claims, rollbacks, the 3-day disable and manual redelivery. Every tick here is limited to the
// test's own user, so parallel test files cannot take each other's deliveries.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { runCronTick } from "../../lib/cron/run-cron-tick";
import { enqueueEvent } from "../../lib/webhooks/enqueue-event";
import { EVENT_TYPES } from "../../lib/webhooks/event-types";
import { claimDueDeliveries } from "../../lib/webhooks/claim-due-deliveries";
import { createWebhookSubscription } from "../../lib/webhooks/create-webhook-subscription";
import { RETRY_DELAYS_MS } from "../../lib/webhooks/retry-schedule";
import { connectTestDatabase } from "../support/fixtures";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { enqueueTestEvent, freshWebhookEndpoint, verifiesServiceSignature, verifiesStandardSignature } from "../support/webhooks-fixtures";

connectTestDatabase();
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1";

const endpoint = freshWebhookEndpoint();

const tick = (options: { timeoutMs?: number } = {}) => runCronTick({ ownerId: endpoint.user.id, ...options });
const delivery = (id: string) =>
  db().webhookDelivery.findUniqueOrThrow({ where: { id }, include: { attempts: { orderBy: { startedAt: "asc" } } } });
/** What the retry schedule would wait for: makes a rescheduled delivery due now. */
const makeDue = (id: string) => db().webhookDelivery.update({ where: { id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });

describe("a delivery", () => {
  it("carries the DECISIONS §6 body and headers, verifiable with both signature schemes", async () => {
    const { eventId, deliveryIds } = await enqueueTestEvent(endpoint.user, { type: "label.updated", data: { label: "production" } });
    expect(await tick()).toEqual({ published: 0, delivered: 1, failed: 0 });

    const [request] = await endpoint.receiver.waitFor(1);
    expect(JSON.parse(request.body)).toEqual({
      id: eventId,
      type: "label.updated",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      project: endpoint.user.username,
      data: { label: "production" },
    });
    expect(Object.keys(JSON.parse(request.body))).toEqual(["id", "type", "createdAt", "project", "data"]);
    expect(request.headers).toMatchObject({
      "content-type": "application/json",
      "user-agent": "Inkbase-Webhooks/1",
      "x-service-event": "label.updated",
      "x-service-delivery": deliveryIds[0],
      "webhook-id": deliveryIds[0],
    });
    expect(request.headers["x-service-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(request.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(Math.abs(Number(request.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(10);
    expect(await verifiesServiceSignature(endpoint.subscription.secret, request)).toBe(true);
    expect(verifiesStandardSignature(endpoint.subscription.secret, request)).toBe(true);
    // A tampered body fails both.
    const tampered = { ...request, body: request.body.replace(endpoint.user.username, "someone-else") };
    expect(await verifiesServiceSignature(endpoint.subscription.secret, tampered)).toBe(false);
    expect(verifiesStandardSignature(endpoint.subscription.secret, tampered)).toBe(false);

    const row = await delivery(deliveryIds[0]);
    expect(row).toMatchObject({ status: "succeeded", attemptCount: 1, lastStatusCode: 200, lastError: null, lockedUntil: null });
    expect(row.deliveredAt).toBeInstanceOf(Date);
    expect(row.attempts).toHaveLength(1);
    expect(row.attempts[0]).toMatchObject({ statusCode: 200, responseExcerpt: "ok", error: null, manual: false });
    expect(row.attempts[0].durationMs).toBeGreaterThanOrEqual(0);
  });

  it("goes to every active subscription that wants the event type, and to no other", async () => {
    const postsOnly = await startWebhookReceiver();
    const paused = await startWebhookReceiver();
    try {
      await createWebhookSubscription({ ownerId: endpoint.user.id, input: { url: postsOnly.url, events: ["post.published"] } });
      const off = await createWebhookSubscription({ ownerId: endpoint.user.id, input: { url: paused.url } });
      await db().webhookSubscription.update({ where: { id: off.id }, data: { active: false } });

      const { deliveryIds } = await enqueueTestEvent(endpoint.user, { type: "entry.updated" });
      expect(deliveryIds).toHaveLength(1);
      await tick();
      expect(endpoint.receiver.received).toHaveLength(1);
      expect(postsOnly.received).toHaveLength(0);
      expect(paused.received).toHaveLength(0);
    } finally {
      await postsOnly.close();
      await paused.close();
    }
  });

  it("reaches a host name through the addresses the SSRF guard resolved (pinned lookup)", async () => {
    await db().webhookSubscription.update({ where: { id: endpoint.subscription.id }, data: { url: `http://localhost:${endpoint.receiver.port}/hook` } });
    const { deliveryIds } = await enqueueTestEvent(endpoint.user);
    expect(await tick()).toMatchObject({ delivered: 1, failed: 0 });
    expect(endpoint.receiver.received[0].headers["webhook-id"]).toBe(deliveryIds[0]);
    expect(endpoint.receiver.received[0].headers.host).toBe(`localhost:${endpoint.receiver.port}`);
  });

  it("subscriptions default to every event type", async () => {
    const row = await db().webhookSubscription.findUniqueOrThrow({ where: { id: endpoint.subscription.id } });
    expect(row.events).toEqual([...EVENT_TYPES]);
  });
});

describe("secret rotation", () => {
  it("signs X-Service-Signature with the new secret and webhook-signature with both during the 24 h overlap", async () => {
    const { rotateWebhookSecret } = await import("../../lib/webhooks/rotate-webhook-secret");
    const rotated = await rotateWebhookSecret({ ownerId: endpoint.user.id, id: endpoint.subscription.id });
    expect(rotated.secret).not.toBe(endpoint.subscription.secret);

    await enqueueTestEvent(endpoint.user);
    await tick();
    const [request] = await endpoint.receiver.waitFor(1);
    expect(request.headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(await verifiesServiceSignature(rotated.secret, request)).toBe(true);
    expect(await verifiesServiceSignature(endpoint.subscription.secret, request)).toBe(false);
    expect(verifiesStandardSignature(rotated.secret, request)).toBe(true);
    expect(verifiesStandardSignature(endpoint.subscription.secret, request)).toBe(true);

    // Once the overlap is over, only the new secret signs.
    await db().webhookSubscription.update({ where: { id: endpoint.subscription.id }, data: { previousSecretExpiresAt: new Date(Date.now() - 1000) } });
    await enqueueTestEvent(endpoint.user);
    await tick();
    const [, later] = await endpoint.receiver.waitFor(2);
    expect(later.headers["webhook-signature"].split(" ")).toHaveLength(1);
    expect(verifiesStandardSignature(rotated.secret, later)).toBe(true);
    expect(verifiesStandardSignature(endpoint.subscription.secret, later)).toBe(false);
  });
});

describe("a receiver that is down", () => {
  it("connection refused, then up: delivered on a later tick with both attempts logged", async () => {
    await endpoint.receiver.stop();
    const { deliveryIds } = await enqueueTestEvent(endpoint.user);
    const before = Date.now();
    expect(await tick()).toEqual({ published: 0, delivered: 0, failed: 1 });

    let row = await delivery(deliveryIds[0]);
    expect(row).toMatchObject({ status: "pending", attemptCount: 1, lastStatusCode: null, lockedUntil: null });
    expect(row.lastError).toMatch(/ECONNREFUSED/);
    expect(row.attempts[0]).toMatchObject({ statusCode: null, responseExcerpt: null, manual: false });
    expect(row.attempts[0].error).toMatch(/ECONNREFUSED/);
    // About a minute later, not sooner.
    const wait = row.nextAttemptAt!.getTime() - before;
    expect(wait).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[0] - 1000);
    expect(wait).toBeLessThan(RETRY_DELAYS_MS[0] + 10_000);
    expect(await tick()).toEqual({ published: 0, delivered: 0, failed: 0 });

    await endpoint.receiver.start();
    await makeDue(deliveryIds[0]);
    expect(await tick()).toEqual({ published: 0, delivered: 1, failed: 0 });
    row = await delivery(deliveryIds[0]);
    expect(row).toMatchObject({ status: "succeeded", attemptCount: 2, lastStatusCode: 200, lastError: null });
    expect(row.attempts.map((attempt) => attempt.statusCode)).toEqual([null, 200]);
    expect(endpoint.receiver.received).toHaveLength(1);
    expect(endpoint.receiver.received[0].headers["webhook-id"]).toBe(deliveryIds[0]);
  });

  it("a 500, then a 2xx: the retry has the same delivery id and verifies again", async () => {
    endpoint.receiver.respond({ status: 500, body: "boom" });
    const { deliveryIds } = await enqueueTestEvent(endpoint.user);
    expect(await tick()).toMatchObject({ delivered: 0, failed: 1 });
    let row = await delivery(deliveryIds[0]);
    expect(row).toMatchObject({ status: "pending", lastStatusCode: 500, lastError: "HTTP 500" });
    expect(row.attempts[0]).toMatchObject({ statusCode: 500, responseExcerpt: "boom", error: null });

    endpoint.receiver.respond({ status: 204, body: "" });
    await makeDue(deliveryIds[0]);
    expect(await tick()).toMatchObject({ delivered: 1, failed: 0 });
    row = await delivery(deliveryIds[0]);
    expect(row.status).toBe("succeeded");
    const [first, second] = await endpoint.receiver.waitFor(2);
    expect(second.headers["x-service-delivery"]).toBe(first.headers["x-service-delivery"]);
    expect(second.body).toBe(first.body);
    expect(verifiesStandardSignature(endpoint.subscription.secret, second)).toBe(true);
  });

  it("a receiver that does not answer in time is a failed attempt (timeout), then delivered", async () => {
    endpoint.receiver.respond({ delayMs: 3000 });
    const { deliveryIds } = await enqueueTestEvent(endpoint.user);
    expect(await tick({ timeoutMs: 300 })).toMatchObject({ delivered: 0, failed: 1 });
    let row = await delivery(deliveryIds[0]);
    expect(row.attempts[0].error).toBe("Timed out after 300 ms");
    expect(row.attempts[0].statusCode).toBeNull();
    expect(row.attempts[0].durationMs).toBeGreaterThanOrEqual(290);
    expect(row.attempts[0].durationMs).toBeLessThan(2500);

    endpoint.receiver.respond({});
    await makeDue(deliveryIds[0]);
    expect(await tick({ timeoutMs: 300 })).toMatchObject({ delivered: 1 });
    row = await delivery(deliveryIds[0]);
    expect(row.attempts.map((attempt) => attempt.error)).toEqual(["Timed out after 300 ms", null]);
  });

  it("retries after about 1 min, 5 min, 30 min, 2 h, 6 h, 12 h and 24 h, then marks the delivery failed", async () => {
    endpoint.receiver.respond({ status: 503 });
    const { deliveryIds } = await enqueueTestEvent(endpoint.user);
    for (const delay of RETRY_DELAYS_MS) {
      const before = Date.now();
      await tick();
      const row = await delivery(deliveryIds[0]);
      expect(row.status).toBe("pending");
      const wait = row.nextAttemptAt!.getTime() - before;
      expect(wait).toBeGreaterThanOrEqual(delay - 1000);
      expect(wait).toBeLessThan(delay + 10_000);
      await makeDue(deliveryIds[0]);
    }
    await tick();
    const row = await delivery(deliveryIds[0]);
    expect(row).toMatchObject({ status: "failed", attemptCount: 8, nextAttemptAt: null, lastStatusCode: 503 });
    expect(row.attempts).toHaveLength(8);
    expect(endpoint.receiver.received).toHaveLength(8);
  });

  it("a redirect is not followed and counts as a failure", async () => {
    const elsewhere = await startWebhookReceiver();
    try {
      endpoint.receiver.respond({ status: 307, headers: { Location: elsewhere.url } });
      const { deliveryIds } = await enqueueTestEvent(endpoint.user);
      expect(await tick()).toMatchObject({ delivered: 0, failed: 1 });
      expect((await delivery(deliveryIds[0])).lastStatusCode).toBe(307);
      expect(elsewhere.received).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });

  it("keeps at most 2 KB of the response body in the attempt log", async () => {
    endpoint.receiver.respond({ status: 500, body: "é".repeat(3000) });
    const { deliveryIds } = await enqueueTestEvent(endpoint.user);
    await tick();
    const [attempt] = (await delivery(deliveryIds[0])).attempts;
    expect(Buffer.byteLength(attempt.responseExcerpt!)).toBeLessThanOrEqual(2048);
    expect(attempt.responseExcerpt).toBe("é".repeat(1024));
  });
});

describe("claims", () => {
  it("two concurrent ticks deliver each attempt exactly once", async () => {
    endpoint.receiver.respond({ delayMs: 100 });
    const enqueued = [];
    for (let i = 0; i < 24; i++) enqueued.push(await enqueueTestEvent(endpoint.user));
    const [a, b] = await Promise.all([tick(), tick()]);
    expect(a.delivered + b.delivered).toBe(24);
    expect(a.failed + b.failed).toBe(0);
    const ids = endpoint.receiver.received.map((request) => request.headers["webhook-id"]);
    expect(ids).toHaveLength(24);
    expect(new Set(ids).size).toBe(24);
    const attempts = await db().webhookAttempt.count({ where: { deliveryId: { in: enqueued.flatMap((e) => e.deliveryIds) } } });
    expect(attempts).toBe(24);
  });

  it("a claim whose claimer died becomes claimable again once its lock lapses", async () => {
    const { deliveryIds } = await enqueueTestEvent(endpoint.user);
    const [claim] = await claimDueDeliveries({ limit: 10, deliveryIds });
    expect(claim.id).toBe(deliveryIds[0]);
    // The claimer "crashes" here: no attempt is made. While the lock holds, nobody else takes it.
    expect(await tick()).toMatchObject({ delivered: 0, failed: 0 });
    await db().webhookDelivery.update({ where: { id: claim.id }, data: { lockedUntil: new Date(Date.now() - 1000) } });
    expect(await tick()).toMatchObject({ delivered: 1 });
    expect(endpoint.receiver.received).toHaveLength(1);
  });

  it("keeps the order per ordering key: a later event waits while an earlier one is pending", async () => {
    endpoint.receiver.respond({ status: 500 });
    const key = "entry:ordered";
    const first = await enqueueTestEvent(endpoint.user, { orderingKey: key, data: { n: 1 } });
    const second = await enqueueTestEvent(endpoint.user, { orderingKey: key, data: { n: 2 } });
    const other = await enqueueTestEvent(endpoint.user, { orderingKey: "entry:other", data: { n: 3 } });

    // Only the heads of the two keys are attempted; the second event of `key` waits.
    expect(await tick()).toMatchObject({ delivered: 0, failed: 2 });
    expect(endpoint.receiver.received.map((r) => r.json.data.n).sort()).toEqual([1, 3]);
    expect((await delivery(second.deliveryIds[0])).attempts).toHaveLength(0);

    endpoint.receiver.respond({});
    await makeDue(first.deliveryIds[0]);
    await makeDue(other.deliveryIds[0]);
    expect(await tick()).toMatchObject({ delivered: 3, failed: 0 });
    const keyed = endpoint.receiver.received.filter((r) => r.json.data.n !== 3).map((r) => r.json.data.n);
    expect(keyed).toEqual([1, 1, 2]);
  });

  it("a change that rolls back leaves no event and nothing to deliver", async () => {
    await expect(
      db().$transaction(async (tx) => {
        await enqueueEvent(tx, { ownerId: endpoint.user.id, project: endpoint.user.username, type: "entry.created", orderingKey: "entry:x", data: {} });
        throw new Error("the change fails after its event was written");
      }),
    ).rejects.toThrow("the change fails");
    expect(await db().outboxEvent.count({ where: { ownerId: endpoint.user.id } })).toBe(0);
    expect(await db().webhookDelivery.count({ where: { subscriptionId: endpoint.subscription.id } })).toBe(0);
    expect(await tick()).toMatchObject({ delivered: 0, failed: 0 });
    expect(endpoint.receiver.received).toHaveLength(0);
  });

  it("a committed change keeps its event even if nothing delivered it then (a later tick does)", async () => {
    const { eventId } = await enqueueTestEvent(endpoint.user);
    expect(await db().outboxEvent.findUnique({ where: { id: eventId } })).not.toBeNull();
    await tick();
    expect((await endpoint.receiver.waitFor(1))[0].json.id).toBe(eventId);
  });
});
