// Bounded storage: the tick's outbox pruning deletes events past OUTBOX_RETENTION_DAYS (30) with
// their deliveries and attempts, keeps any event with a pending delivery, and under a steady
// stream of events the table stops growing.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { enqueueEvent } from "../../lib/webhooks/enqueue-event";
import { pruneOutbox } from "../../lib/webhooks/prune-outbox";
import { createWebhookSubscription } from "../../lib/webhooks/create-webhook-subscription";
import { connectTestDatabase, createTestUser } from "../support/fixtures";

connectTestDatabase();

const DAY = 24 * 60 * 60 * 1000;

async function emit(ownerId: string, project: string, at: Date) {
  return db().$transaction((tx) => enqueueEvent(tx, { ownerId, project, type: "post.updated", orderingKey: `post:${at.getTime()}`, data: { n: at.getTime() }, at }));
}

describe("outbox retention", () => {
  it("prunes old events with their deliveries and attempts, but never one with a pending delivery", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1";
    const user = await createTestUser();
    await createWebhookSubscription({ ownerId: user.id, input: { url: "http://127.0.0.1:9/hook" } });
    const now = new Date();
    const oldDone = await emit(user.id, user.username, new Date(now.getTime() - 40 * DAY));
    const oldPending = await emit(user.id, user.username, new Date(now.getTime() - 40 * DAY));
    const recent = await emit(user.id, user.username, new Date(now.getTime() - 2 * DAY));
    await db().webhookDelivery.updateMany({ where: { eventId: { in: [oldDone.eventId, recent.eventId] } }, data: { status: "succeeded" } });
    await db().webhookAttempt.create({ data: { deliveryId: oldDone.deliveryIds[0], durationMs: 5, statusCode: 200 } });

    await pruneOutbox({ now });

    const left = await db().outboxEvent.findMany({ where: { ownerId: user.id }, select: { id: true } });
    expect(left.map((event) => event.id).sort()).toEqual([oldPending.eventId, recent.eventId].sort());
    expect(await db().webhookDelivery.count({ where: { id: oldDone.deliveryIds[0] } })).toBe(0);
    expect(await db().webhookAttempt.count({ where: { deliveryId: oldDone.deliveryIds[0] } })).toBe(0);
  });

  it("under a steady stream of events (one a day for 120 days, pruned daily) the outbox stops growing", async () => {
    const user = await createTestUser();
    const start = Date.now() - 120 * DAY;
    const sizes: number[] = [];
    for (let day = 0; day < 120; day++) {
      await emit(user.id, user.username, new Date(start + day * DAY));
      await pruneOutbox({ now: new Date(start + day * DAY + 1000) });
      sizes.push(await db().outboxEvent.count({ where: { ownerId: user.id } }));
    }
    // 30 days of retention: the table grows for a month, then holds at 30-31 rows.
    expect(Math.max(...sizes.slice(40))).toBeLessThanOrEqual(31);
    expect(sizes.at(-1)).toBe(sizes[60]);
  }, 120_000);
});
