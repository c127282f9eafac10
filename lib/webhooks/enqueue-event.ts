// The one way an event is emitted, the test ping included: written to the outbox in the caller's
// transaction, with one delivery row per active subscription of the owner that wants this event
// type (or, for a ping, per subscription named). A change that rolls back therefore leaves no
// event, and one that commits always has its events, even if the process dies right after the
// commit (a cron tick then delivers them). `enqueueEvent` is a statement of its own;
// `eventStatement` puts the same event into the caller's statement (a write and its event in one
// round trip), then writes the deliveries alike.
import type { SqlRunner } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { randomId } from "../random-id";
import type { EventType, PING_EVENT } from "./event-types";
import { noteRequestDeliveries } from "./request-deliveries";

export type EnqueuedEvent = { eventId: string; deliveryIds: string[] };

/** Who gets the event: the subscribers of its type, or (a ping) only the subscriptions named, whatever events they chose. */
type Audience = { type: EventType; subscriptionIds?: never } | { type: typeof PING_EVENT; subscriptionIds: string[] };

export type EventInput = Audience & {
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
};

/** What an event's CTEs hand back, for `EventStatement.deliver`. */
export type EventRow = { eventSequence: bigint | null; eventSubscriptions: string[] | null };

export type EventStatement = {
  /** `event` (the outbox row) and `audience` (the subscriptions that get it) as CTEs, written only when `when` holds. */
  ctes: Prisma.Sql;
  /** Columns for the statement's SELECT: `"eventSequence"` and `"eventSubscriptions"`. */
  columns: Prisma.Sql;
  /** Writes the delivery rows (when the event was written and anyone gets it). */
  deliver: (tx: SqlRunner, row: EventRow) => Promise<EnqueuedEvent | null>;
};

/**
 * The event as part of the caller's own statement, so that a write and its event are one round
 * trip (the post PATCH: lib/posts/write-post-update.ts). `when`: a condition on the statement's
 * other CTEs (the event is written only if the write matched a row).
 */
export function eventStatement(input: EventInput, when: Prisma.Sql = Prisma.sql`true`): EventStatement {
  const eventId = randomId("evt");
  const createdAt = input.at ?? new Date();
  const orderingKey = input.orderingKey ?? `${input.type}:${eventId}`;
  const named = input.subscriptionIds ?? null;
  const body = { id: eventId, type: input.type, createdAt: createdAt.toISOString(), project: input.project, data: input.data };
  // Only the owner's active subscriptions, named ones included: a paused one gets nothing, as the
  // tick would never claim it.
  const ctes = Prisma.sql`
    event AS (
      INSERT INTO "OutboxEvent" (id, "ownerId", type, "orderingKey", body, "createdAt")
      SELECT ${eventId}, ${input.ownerId}, ${input.type}, ${orderingKey}, ${JSON.stringify(body)}::jsonb, ${createdAt}::timestamp(3)
      WHERE ${when}
      RETURNING sequence),
    audience AS (
      SELECT COALESCE(array_agg(s.id ORDER BY s.id), '{}') AS subscriptions
      FROM "WebhookSubscription" s
      WHERE EXISTS (SELECT 1 FROM event) AND s."ownerId" = ${input.ownerId} AND s.active
        AND CASE WHEN ${named}::text[] IS NULL THEN ${input.type} = ANY(s.events) ELSE s.id = ANY(${named}::text[]) END)`;
  const columns = Prisma.sql`(SELECT sequence FROM event) AS "eventSequence", (SELECT subscriptions FROM audience) AS "eventSubscriptions"`;
  async function deliver(tx: SqlRunner, row: EventRow): Promise<EnqueuedEvent | null> {
    if (row.eventSequence === null) return null;
    const subscriptions = row.eventSubscriptions ?? [];
    const deliveryIds = subscriptions.map(() => randomId("msg"));
    if (deliveryIds.length) {
      // Raw like the event itself, so that it runs on either kind of transaction (lib/db-sql.ts).
      await tx.$executeRaw`
        INSERT INTO "WebhookDelivery" (id, "eventId", "subscriptionId", "orderingKey", sequence, "nextAttemptAt", "updatedAt")
        SELECT d.id, ${eventId}, d."subscriptionId", ${orderingKey}, ${row.eventSequence}, ${createdAt}, ${createdAt}
        FROM unnest(${deliveryIds}::text[], ${subscriptions}::text[]) AS d(id, "subscriptionId")`;
      // Within a route, the wrapper attempts these right after the response (once committed).
      noteRequestDeliveries(deliveryIds);
    }
    return { eventId, deliveryIds };
  }
  return { ctes, columns, deliver };
}

export async function enqueueEvent(tx: SqlRunner, input: EventInput): Promise<EnqueuedEvent> {
  // The event row and the subscriptions that get it in one round trip; the delivery rows (if
  // any) in a second.
  const statement = eventStatement(input);
  const [row] = await tx.$queryRaw<EventRow[]>`WITH ${statement.ctes} SELECT ${statement.columns}`;
  return (await statement.deliver(tx, row))!;
}
