// POST /api/webhooks/:id/test: a `ping` event for one endpoint, through the same path as every
// other event (an outbox row and a delivery in one transaction, attempted right after the
// response, retried by the tick, logged per attempt, redeliverable). `ping` is not one of the
// subscribable event types: nothing but this call ever sends it, and only to this endpoint.
import { db } from "../db";
import { conflict, notFound } from "../http/api-error";
import { randomId } from "../random-id";
import { noteRequestDeliveries } from "./request-deliveries";

export const PING_EVENT = "ping";

export async function sendTestPing(options: { owner: { id: string; username: string }; id: string }): Promise<{ deliveryId: string; eventId: string }> {
  const { owner } = options;
  if (!owner.id) throw new Error("sendTestPing needs an owner");
  const result = await db().$transaction(async (tx) => {
    const subscription = await tx.webhookSubscription.findFirst({
      where: { id: options.id, ownerId: owner.id },
      select: { id: true, url: true, events: true, active: true },
    });
    if (!subscription) throw notFound("Webhook not found");
    // Paused endpoints get no deliveries (the tick never claims them): say so instead of queueing forever.
    if (!subscription.active) throw conflict({ error: "Webhook is not active" });
    const eventId = randomId("evt");
    const deliveryId = randomId("msg");
    const createdAt = new Date();
    const body = {
      id: eventId,
      type: PING_EVENT,
      createdAt: createdAt.toISOString(),
      project: owner.username,
      data: { webhook: { id: subscription.id, url: subscription.url, events: subscription.events } },
    };
    // Pings need no order among themselves: a key of their own, so a new test is never held back
    // behind an earlier ping still waiting for its retry.
    const orderingKey = `ping:${eventId}`;
    const event = await tx.outboxEvent.create({
      data: { id: eventId, ownerId: owner.id, type: PING_EVENT, orderingKey, body, createdAt },
      select: { sequence: true },
    });
    await tx.webhookDelivery.create({
      data: { id: deliveryId, eventId, subscriptionId: subscription.id, orderingKey, sequence: event.sequence, nextAttemptAt: createdAt },
    });
    return { deliveryId, eventId };
  });
  // After the commit: the route wrapper attempts it right after the 202.
  noteRequestDeliveries([result.deliveryId]);
  return result;
}
