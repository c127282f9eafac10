// The test event (POST /api/webhooks/:id/test) against the real database: a `ping` goes through
// the same enqueue path as every event (outbox row, delivery, the request's after-response run),
// reaches only the endpoint it was sent to, is signed and logged like any delivery, and has an
// ordering key of its own: it never waits behind another event's pending retry, nor holds one
// back. Ticks are limited to the test's own user.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { runCronTick } from "../../lib/cron/run-cron-tick";
import { createWebhookSubscription } from "../../lib/webhooks/create-webhook-subscription";
import { listWebhookDeliveries } from "../../lib/webhooks/list-webhook-deliveries";
import { collectRequestDeliveries } from "../../lib/webhooks/request-deliveries";
import { sendTestPing } from "../../lib/webhooks/send-test-ping";
import { connectTestDatabase, createTestUser } from "../support/fixtures";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { enqueueTestEvent, freshWebhookEndpoint, verifiesServiceSignature, verifiesStandardSignature } from "../support/webhooks-fixtures";

connectTestDatabase();
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1";

const endpoint = freshWebhookEndpoint();

const tick = () => runCronTick({ ownerId: endpoint.user.id });
const ping = (id = endpoint.subscription.id) => sendTestPing({ owner: endpoint.user, id });
const webhookIds = () => endpoint.receiver.received.map((request) => request.headers["webhook-id"]);

describe("the test ping", () => {
  it("reaches only the endpoint it was sent to, whatever events that endpoint chose, signed and logged", async () => {
    const other = await startWebhookReceiver();
    try {
      const postsOnly = await createWebhookSubscription({ ownerId: endpoint.user.id, input: { url: other.url, events: ["post.published"] } });
      // Attempted right after the response, like every event a request emits.
      const { result, deliveryIds } = await collectRequestDeliveries(() => ping(postsOnly.id));
      expect(deliveryIds).toEqual([result.deliveryId]);
      expect(await db().webhookDelivery.findMany({ where: { eventId: result.eventId }, select: { subscriptionId: true } })).toEqual([{ subscriptionId: postsOnly.id }]);

      expect(await tick()).toEqual({ published: 0, delivered: 1, failed: 0 });
      expect(endpoint.receiver.received).toHaveLength(0);
      const [request] = await other.waitFor(1);
      expect(request.json).toMatchObject({ id: result.eventId, type: "ping", project: endpoint.user.username, data: { webhook: { id: postsOnly.id, url: other.url, events: ["post.published"] } } });
      expect(request.headers).toMatchObject({ "x-service-event": "ping", "webhook-id": result.deliveryId });
      expect(await verifiesServiceSignature(postsOnly.secret, request)).toBe(true);
      expect(verifiesStandardSignature(postsOnly.secret, request)).toBe(true);

      const log = await listWebhookDeliveries({ ownerId: endpoint.user.id, subscriptionId: postsOnly.id });
      expect(log.data).toEqual([expect.objectContaining({ id: result.deliveryId, eventType: "ping", status: "succeeded", attemptCount: 1 })]);
      expect((await listWebhookDeliveries({ ownerId: endpoint.user.id, subscriptionId: endpoint.subscription.id })).data).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("never waits behind another event's pending retry, nor holds one back", async () => {
    endpoint.receiver.respond({ status: 500 });
    const entry = await enqueueTestEvent(endpoint.user, { orderingKey: "entry:held" });
    expect(await tick()).toMatchObject({ failed: 1 }); // the entry event now waits for its retry
    const first = await ping();
    expect(await tick()).toMatchObject({ failed: 1 }); // the ping went out at once all the same
    // Behind the two pending retries: a second ping, and a new event of another entry.
    const second = await ping();
    const later = await enqueueTestEvent(endpoint.user, { orderingKey: "entry:later" });
    expect(await tick()).toMatchObject({ failed: 2 });
    expect(webhookIds().slice(0, 2)).toEqual([entry.deliveryIds[0], first.deliveryId]);
    expect(webhookIds().slice(2).sort()).toEqual([second.deliveryId, later.deliveryIds[0]].sort());
  });

  it("a paused endpoint is refused with 409 and leaves no event behind", async () => {
    await db().webhookSubscription.update({ where: { id: endpoint.subscription.id }, data: { active: false } });
    await expect(ping()).rejects.toMatchObject({ status: 409, body: { error: "Webhook is not active" } });
    const stranger = await createTestUser();
    await expect(sendTestPing({ owner: stranger, id: endpoint.subscription.id })).rejects.toMatchObject({ status: 404, body: { error: "Webhook not found" } });
    expect(await db().outboxEvent.count({ where: { ownerId: { in: [endpoint.user.id, stranger.id] } } })).toBe(0);
  });
});
