// The delivery log stays bounded: the tick prunes settled deliveries and attempts older than the
// retention period (WEBHOOK_LOG_RETENTION_DAYS, default 30), keeps pending deliveries whatever
// their age, and leaves everything newer alone. Rows are backdated past the period, so pruning
// here never touches other tests' (recent) rows on the shared database.
import { afterEach, describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { pruneWebhookLog } from "../../lib/webhooks/prune-webhook-log";
import { createWebhookSubscription } from "../../lib/webhooks/create-webhook-subscription";
import type { DeliveryStatus } from "../../lib/webhooks/delivery-status";
import { connectTestDatabase, createTestUser } from "../support/fixtures";
import { enqueueTestEvent } from "../support/webhooks-fixtures";

connectTestDatabase();
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1";
afterEach(() => {
  delete process.env.WEBHOOK_LOG_RETENTION_DAYS;
});

const DAY = 24 * 3600_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

async function deliveryWithAttempt(owner: { id: string; username: string }, options: { ageDays: number; status: DeliveryStatus }) {
  const { deliveryIds } = await enqueueTestEvent(owner);
  const id = deliveryIds[0];
  const at = daysAgo(options.ageDays);
  await db().webhookDelivery.update({ where: { id }, data: { createdAt: at, status: options.status, lockedUntil: null, nextAttemptAt: options.status === "pending" ? daysAgo(-1) : null } });
  await db().webhookAttempt.create({ data: { deliveryId: id, startedAt: at, durationMs: 5, statusCode: 500 } });
  return id;
}

describe("pruning the webhook log", () => {
  it("drops settled deliveries and attempts past 30 days, keeps pending ones and anything newer", async () => {
    const owner = await createTestUser();
    await createWebhookSubscription({ ownerId: owner.id, input: { url: "http://127.0.0.1:9/hook" } });
    const oldSucceeded = await deliveryWithAttempt(owner, { ageDays: 31, status: "succeeded" });
    const oldFailed = await deliveryWithAttempt(owner, { ageDays: 40, status: "failed" });
    const oldPending = await deliveryWithAttempt(owner, { ageDays: 35, status: "pending" });
    const recent = await deliveryWithAttempt(owner, { ageDays: 29, status: "failed" });

    const result = await pruneWebhookLog();
    expect(result.deliveries).toBeGreaterThanOrEqual(2);
    const left = await db().webhookDelivery.findMany({ where: { id: { in: [oldSucceeded, oldFailed, oldPending, recent] } }, select: { id: true, attempts: { select: { id: true } } } });
    expect(left.map((row) => row.id).sort()).toEqual([oldPending, recent].sort());
    // The pending delivery stays, but its attempt from 35 days ago is gone; the recent one keeps its log.
    expect(left.find((row) => row.id === oldPending)!.attempts).toHaveLength(0);
    expect(left.find((row) => row.id === recent)!.attempts).toHaveLength(1);
    expect(await db().webhookAttempt.count({ where: { deliveryId: { in: [oldSucceeded, oldFailed] } } })).toBe(0);
  });

  it("follows WEBHOOK_LOG_RETENTION_DAYS", async () => {
    const owner = await createTestUser();
    await createWebhookSubscription({ ownerId: owner.id, input: { url: "http://127.0.0.1:9/hook" } });
    const tenDays = await deliveryWithAttempt(owner, { ageDays: 10, status: "succeeded" });
    await pruneWebhookLog();
    expect(await db().webhookDelivery.count({ where: { id: tenDays } })).toBe(1);
    process.env.WEBHOOK_LOG_RETENTION_DAYS = "7";
    await pruneWebhookLog();
    expect(await db().webhookDelivery.count({ where: { id: tenDays } })).toBe(0);
  });
});
