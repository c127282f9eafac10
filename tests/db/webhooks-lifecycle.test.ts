// Subscription health and the owner's controls over deliveries: the 3-day disable, manual
// redelivery, the SSRF guard at delivery time, pausing, and which deliveries a request hands to
// its after-response run. Ticks are limited to the test's own user.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { runCronTick } from "../../lib/cron/run-cron-tick";
import { ApiError } from "../../lib/http/api-error";
import { claimDueDeliveries } from "../../lib/webhooks/claim-due-deliveries";
import { deliverDueWebhooks } from "../../lib/webhooks/deliver-due-webhooks";
import { enqueueEvent } from "../../lib/webhooks/enqueue-event";
import { getWebhookDelivery } from "../../lib/webhooks/get-webhook-delivery";
import { listWebhookDeliveries } from "../../lib/webhooks/list-webhook-deliveries";
import { redeliverWebhook } from "../../lib/webhooks/redeliver-webhook";
import { collectRequestDeliveries } from "../../lib/webhooks/request-deliveries";
import { updateWebhookSubscription } from "../../lib/webhooks/update-webhook-subscription";
import { DISABLED_REASON } from "../../lib/webhooks/record-attempt";
import { connectTestDatabase, createTestUser } from "../support/fixtures";
import { enqueueTestEvent, freshWebhookEndpoint, verifiesStandardSignature } from "../support/webhooks-fixtures";

connectTestDatabase();
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1";

const DAY = 24 * 60 * 60_000;
const endpoint = freshWebhookEndpoint();

const tick = () => runCronTick({ ownerId: endpoint.user.id });
const subscriptionRow = () => db().webhookSubscription.findUniqueOrThrow({ where: { id: endpoint.subscription.id } });
const deliveryRow = (id: string) => db().webhookDelivery.findUniqueOrThrow({ where: { id } });

describe("failing subscriptions", () => {
  it("a failure starts the streak and a success ends it", async () => {
    endpoint.receiver.respond({ status: 500 });
    await enqueueTestEvent(endpoint.user);
    await tick();
    const failing = await subscriptionRow();
    expect(failing.failingSince).toBeInstanceOf(Date);
    expect(failing.active).toBe(true);

    endpoint.receiver.respond({});
    await enqueueTestEvent(endpoint.user);
    await tick();
    expect((await subscriptionRow()).failingSince).toBeNull();
  });

  it("is disabled after failing for 3 consecutive days, and its waiting deliveries are closed", async () => {
    endpoint.receiver.respond({ status: 500 });
    // Two days and 23 hours of failures: still active after one more failure.
    await db().webhookSubscription.update({ where: { id: endpoint.subscription.id }, data: { failingSince: new Date(Date.now() - 3 * DAY + 60 * 60_000) } });
    await enqueueTestEvent(endpoint.user);
    await tick();
    expect((await subscriptionRow()).active).toBe(true);

    // Past three days: the next failure disables it.
    await db().webhookSubscription.update({ where: { id: endpoint.subscription.id }, data: { failingSince: new Date(Date.now() - 3 * DAY - 60_000) } });
    const waiting = await enqueueTestEvent(endpoint.user, { orderingKey: "entry:waiting-behind" });
    const { deliveryIds } = await enqueueTestEvent(endpoint.user);
    await db().webhookDelivery.update({ where: { id: waiting.deliveryIds[0] }, data: { nextAttemptAt: new Date(Date.now() + DAY) } });
    await tick();

    const disabled = await subscriptionRow();
    expect(disabled).toMatchObject({ active: false, disabledReason: DISABLED_REASON });
    expect(disabled.disabledAt).toBeInstanceOf(Date);
    expect(await deliveryRow(deliveryIds[0])).toMatchObject({ status: "failed", lastStatusCode: 500 });
    expect(await deliveryRow(waiting.deliveryIds[0])).toMatchObject({ status: "failed", lastError: "Subscription disabled" });

    // A disabled subscription gets no new deliveries, and the dashboard view says why.
    expect((await enqueueTestEvent(endpoint.user)).deliveryIds).toEqual([]);
    const { getWebhookSubscription } = await import("../../lib/webhooks/get-webhook-subscription");
    expect(await getWebhookSubscription({ ownerId: endpoint.user.id, id: endpoint.subscription.id })).toMatchObject({
      active: false,
      disabledReason: DISABLED_REASON,
      disabledAt: disabled.disabledAt!.toISOString(),
    });

    // Re-enabling clears the disabled state and the streak.
    const enabled = await updateWebhookSubscription({ ownerId: endpoint.user.id, id: endpoint.subscription.id, input: { active: true } });
    expect(enabled).toMatchObject({ active: true, disabledAt: null, disabledReason: null, failingSince: null });
    expect((await enqueueTestEvent(endpoint.user)).deliveryIds).toHaveLength(1);
  });

  it("pausing closes the waiting deliveries; paused subscriptions are never attempted", async () => {
    endpoint.receiver.respond({ status: 500 });
    const { deliveryIds } = await enqueueTestEvent(endpoint.user);
    await tick();
    const paused = await updateWebhookSubscription({ ownerId: endpoint.user.id, id: endpoint.subscription.id, input: { active: false } });
    expect(paused).toMatchObject({ active: false, disabledReason: "Paused by the owner" });
    expect(await deliveryRow(deliveryIds[0])).toMatchObject({ status: "failed", nextAttemptAt: null });
    // Even a delivery left pending behind a paused subscription is not claimed.
    await db().webhookDelivery.update({ where: { id: deliveryIds[0] }, data: { status: "pending", nextAttemptAt: new Date(0) } });
    expect(await tick()).toMatchObject({ delivered: 0, failed: 0 });
    expect(endpoint.receiver.received).toHaveLength(1);
  });
});

describe("manual redelivery", () => {
  it("sends any delivery again: a new, manual attempt under the same delivery id", async () => {
    const { deliveryIds } = await enqueueTestEvent(endpoint.user);
    await tick();
    const view = await redeliverWebhook({ ownerId: endpoint.user.id, deliveryId: deliveryIds[0] });
    expect(view).toMatchObject({ id: deliveryIds[0], status: "succeeded", attemptCount: 1 });
    expect(view.attempts.map((attempt) => attempt.manual)).toEqual([false, true]);
    const [first, again] = await endpoint.receiver.waitFor(2);
    expect(again.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(again.body).toBe(first.body);
    expect(verifiesStandardSignature(endpoint.subscription.secret, again)).toBe(true);
  });

  it("turns a failed delivery into a delivered one; a failed manual try changes nothing", async () => {
    endpoint.receiver.respond({ status: 500 });
    const { deliveryIds } = await enqueueTestEvent(endpoint.user);
    await tick();
    await db().webhookDelivery.update({ where: { id: deliveryIds[0] }, data: { status: "failed", nextAttemptAt: null } });

    const stillFailing = await redeliverWebhook({ ownerId: endpoint.user.id, deliveryId: deliveryIds[0] });
    expect(stillFailing).toMatchObject({ status: "failed", lastStatusCode: 500 });
    expect(stillFailing.attempts).toHaveLength(2);

    endpoint.receiver.respond({ status: 200, body: "thanks" });
    const fixed = await redeliverWebhook({ ownerId: endpoint.user.id, deliveryId: deliveryIds[0] });
    expect(fixed).toMatchObject({ status: "succeeded", lastStatusCode: 200, lastError: null, nextAttemptAt: null });
    expect(fixed.attempts.at(-1)).toMatchObject({ manual: true, statusCode: 200, responseExcerpt: "thanks" });
    expect(fixed.deliveredAt).not.toBeNull();
  });

  it("refuses while an attempt of that delivery is in flight, and other owners' deliveries are not found", async () => {
    const { deliveryIds } = await enqueueTestEvent(endpoint.user);
    await claimDueDeliveries({ limit: 1, deliveryIds });
    await expect(redeliverWebhook({ ownerId: endpoint.user.id, deliveryId: deliveryIds[0] })).rejects.toMatchObject({
      status: 409,
      body: { error: "Delivery attempt in progress" },
    });
    const stranger = await createTestUser();
    const error = await redeliverWebhook({ ownerId: stranger.id, deliveryId: deliveryIds[0] }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, body: { error: "Delivery not found" } });
  });
});

describe("the delivery log", () => {
  it("lists a subscription's deliveries newest first, each with its attempts, page by page", async () => {
    endpoint.receiver.respond({ status: 500, body: "nope" });
    const first = await enqueueTestEvent(endpoint.user, { type: "entry.created" });
    await tick();
    endpoint.receiver.respond({});
    await db().webhookDelivery.update({ where: { id: first.deliveryIds[0] }, data: { nextAttemptAt: new Date(0) } });
    await tick();
    const second = await enqueueTestEvent(endpoint.user, { type: "entry.deleted" });
    await tick();

    const page1 = await listWebhookDeliveries({ ownerId: endpoint.user.id, subscriptionId: endpoint.subscription.id, perPage: 1 });
    expect(page1.data.map((d) => d.id)).toEqual([second.deliveryIds[0]]);
    expect(page1.pageInfo).toEqual({ total: 2, page: 1, perPage: 1, hasMore: true });
    const page2 = await listWebhookDeliveries({ ownerId: endpoint.user.id, subscriptionId: endpoint.subscription.id, perPage: 1, page: 2 });
    expect(page2.pageInfo.hasMore).toBe(false);
    const [logged] = page2.data;
    expect(logged).toMatchObject({ id: first.deliveryIds[0], eventId: first.eventId, eventType: "entry.created", status: "succeeded", attemptCount: 2, redeliveries: 0 });
    const detail = await getWebhookDelivery({ ownerId: endpoint.user.id, subscriptionId: endpoint.subscription.id, deliveryId: first.deliveryIds[0] });
    expect(detail.payload).toMatchObject({ id: first.eventId, type: "entry.created", project: endpoint.user.username });
    expect(detail.attempts).toEqual([
      expect.objectContaining({ statusCode: 500, responseExcerpt: "nope", error: null, manual: false, durationMs: expect.any(Number), startedAt: expect.any(String), nextRetryAt: expect.any(String) }),
      expect.objectContaining({ statusCode: 200, responseExcerpt: "ok", error: null, manual: false, nextRetryAt: null }),
    ]);
    // The request as sent: the exact body bytes and the signed headers.
    const [received] = await endpoint.receiver.waitFor(1);
    expect(detail.attempts[0].request).toMatchObject({ url: endpoint.receiver.url, body: received.body });
    expect(detail.attempts[0].request.headers).toMatchObject({ "webhook-id": first.deliveryIds[0], "X-Service-Signature": received.headers["x-service-signature"] });
    const failedOnly = await listWebhookDeliveries({ ownerId: endpoint.user.id, subscriptionId: endpoint.subscription.id, status: "failed" });
    expect(failedOnly.data).toEqual([]);
    const deletedOnly = await listWebhookDeliveries({ ownerId: endpoint.user.id, subscriptionId: endpoint.subscription.id, event: "entry.deleted" });
    expect(deletedOnly.data.map((d) => d.id)).toEqual([second.deliveryIds[0]]);

    const stranger = await createTestUser();
    await expect(listWebhookDeliveries({ ownerId: stranger.id, subscriptionId: endpoint.subscription.id })).rejects.toMatchObject({ status: 404 });
  });
});

describe("the SSRF guard at delivery time", () => {
  it("refuses a private target once private targets are no longer allowed, and logs the refusal", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "0";
    const { deliveryIds } = await enqueueTestEvent(endpoint.user);
    expect(await tick()).toMatchObject({ delivered: 0, failed: 1 });
    const row = await db().webhookDelivery.findUniqueOrThrow({ where: { id: deliveryIds[0] }, include: { attempts: true } });
    expect(row.attempts[0].error).toBe("Target refused: Must be an https URL");
    expect(endpoint.receiver.received).toHaveLength(0);
  });

  it("refuses an https URL whose host resolves to a loopback address", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "0";
    await db().webhookSubscription.update({ where: { id: endpoint.subscription.id }, data: { url: `https://localhost:${endpoint.receiver.port}/hook` } });
    const { deliveryIds } = await enqueueTestEvent(endpoint.user);
    await tick();
    const [attempt] = await db().webhookAttempt.findMany({ where: { deliveryId: deliveryIds[0] } });
    expect(attempt.error).toMatch(/^Target refused: Resolves to (127\.0\.0\.1|::1) \(loopback\)/);
    expect(endpoint.receiver.received).toHaveLength(0);
  });
});

describe("deliveries of one request", () => {
  it("are collected across the request's transaction and delivered without touching any other due delivery", async () => {
    const unrelated = await enqueueTestEvent(endpoint.user);
    const { result, deliveryIds } = await collectRequestDeliveries(() =>
      db().$transaction(async (tx) => {
        const created = await enqueueEvent(tx, { ownerId: endpoint.user.id, project: endpoint.user.username, type: "entry.created", orderingKey: "entry:req", data: {} });
        const labelled = await enqueueEvent(tx, { ownerId: endpoint.user.id, project: endpoint.user.username, type: "label.updated", orderingKey: "entry:req", data: {} });
        return [...created.deliveryIds, ...labelled.deliveryIds];
      }),
    );
    expect(deliveryIds).toEqual(result);
    expect(deliveryIds).toHaveLength(2);

    expect(await deliverDueWebhooks({ deliveryIds })).toEqual({ delivered: 2, failed: 0 });
    expect(endpoint.receiver.received.map((r) => r.json.type)).toEqual(["entry.created", "label.updated"]);
    expect(await deliveryRow(unrelated.deliveryIds[0])).toMatchObject({ status: "pending", attemptCount: 0 });
  });
});
