// The one way an event is emitted, the test ping included: written to the outbox in the caller's
// transaction, with one delivery row per active subscription of the owner that wants this event
// type (or, for a ping, per subscription named). A change that rolls back therefore leaves no
// event, and one that commits always has its events, even if the process dies right after the
// commit (a cron tick then delivers them).
import type { SqlRunner } from "../db-sql";
import type { Prisma } from "../generated/prisma/client";
import { randomId } from "../random-id";
import type { EventType, PING_EVENT } from "./event-types";
import { noteRequestDeliveries } from "./request-deliveries";

export type EnqueuedEvent = { eventId: string; deliveryIds: string[] };

/** Who gets the event: the subscribers of its type, or (a ping) only the subscriptions named, whatever events they chose. */
type Audience = { type: EventType; subscriptionIds?: never } | { type: typeof PING_EVENT; subscriptionIds: string[] };

export async function enqueueEvent(
  tx: SqlRunner,
  input: Audience & {
    ownerId: string;
    /** The owner's username: the body's `project`. */
    project: string;
    /**
     * Events with the same key are delivered in the order they were written: `entry:<id>`,
     * `post:<id>`. Null gives the event a key of its own (`<type>:<event id>`): it waits for no
     * other event and holds none back (pings).
     */
    orderingKey: string | null;
    data: Prisma.InputJsonObject;
    /** Defaults to now; the body's createdAt. */
    at?: Date;
  },
): Promise<EnqueuedEvent> {
  const eventId = randomId("evt");
  const createdAt = input.at ?? new Date();
  const orderingKey = input.orderingKey ?? `${input.type}:${eventId}`;
  const named = input.subscriptionIds ?? null;
  const body = { id: eventId, type: input.type, createdAt: createdAt.toISOString(), project: input.project, data: input.data };
  // The event row and the subscriptions that get it in one round trip; the delivery rows (if
  // any) in a second. Only the owner's active subscriptions, named ones included: a paused one
  // gets nothing, as the tick would never claim it.
  const [event] = await tx.$queryRaw<{ sequence: bigint; subscriptions: string[] }[]>`
    WITH event AS (
      INSERT INTO "OutboxEvent" (id, "ownerId", type, "orderingKey", body, "createdAt")
      VALUES (${eventId}, ${input.ownerId}, ${input.type}, ${orderingKey}, ${JSON.stringify(body)}::jsonb, ${createdAt})
      RETURNING sequence)
    SELECT (SELECT sequence FROM event) AS sequence, COALESCE(array_agg(s.id ORDER BY s.id), '{}') AS subscriptions
    FROM "WebhookSubscription" s
    WHERE s."ownerId" = ${input.ownerId} AND s.active
      AND CASE WHEN ${named}::text[] IS NULL THEN ${input.type} = ANY(s.events) ELSE s.id = ANY(${named}::text[]) END`;
  const deliveryIds = event.subscriptions.map(() => randomId("msg"));
  if (deliveryIds.length) {
    // Raw like the event itself, so that it runs on either kind of transaction (lib/db-sql.ts).
    await tx.$executeRaw`
      INSERT INTO "WebhookDelivery" (id, "eventId", "subscriptionId", "orderingKey", sequence, "nextAttemptAt", "updatedAt")
      SELECT d.id, ${eventId}, d."subscriptionId", ${orderingKey}, ${event.sequence}, ${createdAt}, ${createdAt}
      FROM unnest(${deliveryIds}::text[], ${event.subscriptions}::text[]) AS d(id, "subscriptionId")`;
    // Within a route, the wrapper attempts these right after the response (once committed).
    noteRequestDeliveries(deliveryIds);
  }
  return { eventId, deliveryIds };
}
