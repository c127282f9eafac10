// POST /api/webhooks/:id/test: a `ping` event for one endpoint, through the same enqueue path as
// every other event (an outbox row and a delivery in one transaction, attempted right after the
// response, retried by the tick, logged per attempt, redeliverable), addressed to this endpoint
// only. Pings need no order among themselves or with other events: each gets an ordering key of
// its own, so a new test is never held back behind an earlier ping (or entry event) still
// waiting for its retry, and never holds one back.
import { db } from "../db";
import { conflict, notFound } from "../http/api-error";
import { enqueueEvent } from "./enqueue-event";
import { PING_EVENT } from "./event-types";

export async function sendTestPing(options: { owner: { id: string; username: string }; id: string }): Promise<{ deliveryId: string; eventId: string }> {
  const { owner } = options;
  if (!owner.id) throw new Error("sendTestPing needs an owner");
  return db().$transaction(async (tx) => {
    const subscription = await tx.webhookSubscription.findFirst({
      where: { id: options.id, ownerId: owner.id },
      select: { id: true, url: true, events: true },
    });
    if (!subscription) throw notFound("Webhook not found");
    const { eventId, deliveryIds } = await enqueueEvent(tx, {
      ownerId: owner.id,
      project: owner.username,
      type: PING_EVENT,
      subscriptionIds: [subscription.id],
      orderingKey: null,
      data: { webhook: { id: subscription.id, url: subscription.url, events: subscription.events } },
    });
    // enqueueEvent gives paused endpoints no delivery (the tick would never claim one): say so
    // instead of queueing forever, and the event rolls back with the transaction.
    if (!deliveryIds.length) throw conflict({ error: "Webhook is not active" });
    return { deliveryId: deliveryIds[0], eventId };
  });
}
