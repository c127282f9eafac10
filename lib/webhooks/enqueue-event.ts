// The one way a change emits an event: written to the outbox in the caller's transaction, with
// one delivery row per active subscription of the owner that wants this event type. A change
// that rolls back therefore leaves no event, and one that commits always has its events, even
// if the process dies right after the commit (a cron tick then delivers them).
import type { Tx } from "../db";
import type { Prisma } from "../generated/prisma/client";
import { randomId } from "../random-id";
import type { EventType } from "./event-types";
import { noteRequestDeliveries } from "./request-deliveries";

export type EnqueuedEvent = { eventId: string; deliveryIds: string[] };

export async function enqueueEvent(
  tx: Tx,
  input: {
    ownerId: string;
    /** The owner's username: the body's `project`. */
    project: string;
    type: EventType;
    /** Events with the same key are delivered in the order they were written: `entry:<id>`, `post:<id>`. */
    orderingKey: string;
    data: Prisma.InputJsonObject;
    /** Defaults to now; the body's createdAt. */
    at?: Date;
  },
): Promise<EnqueuedEvent> {
  const eventId = randomId("evt");
  const createdAt = input.at ?? new Date();
  const body = { id: eventId, type: input.type, createdAt: createdAt.toISOString(), project: input.project, data: input.data };
  // The event row and the subscriptions that want it in one round trip; the delivery rows (if
  // any) in a second.
  const [event] = await tx.$queryRaw<{ sequence: bigint; subscriptions: string[] }[]>`
    WITH event AS (
      INSERT INTO "OutboxEvent" (id, "ownerId", type, "orderingKey", body, "createdAt")
      VALUES (${eventId}, ${input.ownerId}, ${input.type}, ${input.orderingKey}, ${JSON.stringify(body)}::jsonb, ${createdAt})
      RETURNING sequence)
    SELECT (SELECT sequence FROM event) AS sequence, COALESCE(array_agg(s.id ORDER BY s.id), '{}') AS subscriptions
    FROM "WebhookSubscription" s
    WHERE s."ownerId" = ${input.ownerId} AND s.active AND ${input.type} = ANY(s.events)`;
  const deliveryIds = event.subscriptions.map(() => randomId("msg"));
  if (deliveryIds.length) {
    await tx.webhookDelivery.createMany({
      data: event.subscriptions.map((subscriptionId, i) => ({
        id: deliveryIds[i],
        eventId,
        subscriptionId,
        orderingKey: input.orderingKey,
        sequence: event.sequence,
        nextAttemptAt: createdAt,
      })),
    });
    // Within a route, the wrapper attempts these right after the response (once committed).
    noteRequestDeliveries(deliveryIds);
  }
  return { eventId, deliveryIds };
}
