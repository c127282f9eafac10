// "Redeliver failed" (POST /api/webhooks/:id/redeliver-failed) against the real database: every
// failed delivery of the period gets a manual attempt after the response; one whose attempt is in
// flight is skipped (its claim's 409), and any other error is not swallowed. Ticks are limited to
// the test's own user.
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db";
import { runCronTick } from "../../lib/cron/run-cron-tick";
import { claimDelivery } from "../../lib/webhooks/claim-delivery";
import { redeliverDeliveries } from "../../lib/webhooks/redeliver-deliveries";
import { redeliverFailedDeliveries } from "../../lib/webhooks/redeliver-failed-deliveries";
import { connectTestDatabase } from "../support/fixtures";
import { enqueueTestEvent, freshWebhookEndpoint } from "../support/webhooks-fixtures";

connectTestDatabase();
process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS = "1";

const endpoint = freshWebhookEndpoint();

/** `count` deliveries that failed their one automatic attempt and were given up on. */
async function failedDeliveries(count: number): Promise<string[]> {
  endpoint.receiver.respond({ status: 500 });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(...(await enqueueTestEvent(endpoint.user)).deliveryIds);
  expect(await runCronTick({ ownerId: endpoint.user.id })).toMatchObject({ failed: count });
  await db().webhookDelivery.updateMany({ where: { id: { in: ids } }, data: { status: "failed", nextAttemptAt: null } });
  endpoint.receiver.respond({});
  return ids;
}

const attemptsOf = (id: string) => db().webhookAttempt.findMany({ where: { deliveryId: id }, orderBy: { startedAt: "asc" } });

describe("redeliver failed", () => {
  it("sends every failed delivery of the period again, and skips one whose attempt is in flight", async () => {
    const ids = await failedDeliveries(6);
    const inFlight = await claimDelivery(ids[5]);
    const since = new Date(Date.now() - 3600_000);
    expect(await redeliverFailedDeliveries({ ownerId: endpoint.user.id, subscriptionId: endpoint.subscription.id, since })).toEqual({ deliveryIds: ids, hasMore: false });

    // Outside a request the run goes on in the background: wait for its five attempts.
    for (let i = 0; i < 200 && (await db().webhookDelivery.count({ where: { id: { in: ids }, status: "succeeded" } })) < 5; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    for (const id of ids.slice(0, 5)) {
      expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id } }), id).toMatchObject({ status: "succeeded", lockedUntil: null });
      expect((await attemptsOf(id)).map((attempt) => attempt.manual)).toEqual([false, true]);
    }
    expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: ids[5] } })).toMatchObject({ status: "failed", lockedUntil: inFlight.lockedUntil });
    expect(await attemptsOf(ids[5])).toHaveLength(1);
    expect(endpoint.receiver.received).toHaveLength(6 + 5);
  });

  it("an error other than a delivery in flight is not swallowed: the run stops and throws it", async () => {
    const [id] = await failedDeliveries(1);
    // Real database state that makes the claim's UPDATE fail, for this one row only (other test
    // files share the database).
    const name = `test_refuse_${id.replace(/[^A-Za-z0-9]/g, "_")}`;
    await db().$executeRawUnsafe(`CREATE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'claim refused by the test'; END $$`);
    await db().$executeRawUnsafe(`CREATE TRIGGER "${name}" BEFORE UPDATE ON "WebhookDelivery" FOR EACH ROW WHEN (OLD.id = '${id}') EXECUTE FUNCTION "${name}"()`);
    try {
      await expect(redeliverDeliveries([id])).rejects.toThrow(/claim refused by the test/);
    } finally {
      await db().$executeRawUnsafe(`DROP TRIGGER IF EXISTS "${name}" ON "WebhookDelivery"`);
      await db().$executeRawUnsafe(`DROP FUNCTION IF EXISTS "${name}"()`);
    }
    expect(await attemptsOf(id)).toHaveLength(1);
    expect(endpoint.receiver.received).toHaveLength(1);
  });
});
