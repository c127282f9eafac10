// The one way an event is emitted, the test ping included: written to the outbox in the caller's
// transaction, with one delivery row per active subscription of the owner that wants this event
// type (or, for a ping, per subscription named). A change that rolls back therefore leaves no
// event, and one that commits always has its events, even if the process dies right after the
// commit (a cron tick then delivers them). `enqueueEvent` is a statement of its own;
// `eventStatement` puts the same event and its deliveries into the caller's statement (a write and
// its event in one round trip).
import type { SqlRunner } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { randomId } from "../random-id";
import { randomIdSql } from "../random-id-sql";
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

/** A CTE's or column's name under a prefix: `event` alone, `labelEvent` under `label`. */
type Named<P extends string, S extends string> = P extends "" ? Uncapitalize<S> : `${P}${S}`;

/**
 * What an event's CTEs hand back, for `EventStatement.delivered`: `"eventSequence"` and
 * `"eventDeliveries"`, or under a prefix `"labelEventSequence"` and `"labelEventDeliveries"`.
 */
export type EventRow<P extends string = ""> = { [K in Named<P, "EventSequence">]: bigint | null } & {
  [K in Named<P, "EventDeliveries">]: string[] | null;
};

export type EventStatement<P extends string = ""> = {
  /**
   * `event` (the outbox row), `audience` (the subscriptions that get it) and `delivered` (a
   * delivery row for each) as CTEs, written only when `when` holds; under a prefix `labelEvent`,
   * `labelAudience` and `labelDelivered`.
   */
  ctes: Prisma.Sql;
  /** Columns for the statement's SELECT: `"eventSequence"` and `"eventDeliveries"` (prefixed alike). */
  columns: Prisma.Sql;
  /** The event the statement wrote (null if `when` did not hold); notes its deliveries for the request. */
  delivered: (row: EventRow<P>) => EnqueuedEvent | null;
};

/** The columns of a statement that may write no event at all (EventRow's shape, both null). */
export const NO_EVENT_COLUMNS = Prisma.sql`NULL::bigint AS "eventSequence", NULL::text[] AS "eventDeliveries"`;

/**
 * The event as part of the caller's own statement, so that a write and its event, deliveries
 * included, are one round trip (the post PATCH: lib/posts/write-post-update.ts; the entry writes).
 * `when`: a condition on the statement's other CTEs (the event is written only if the write
 * matched a row). `body`: for a body that holds values only the statement knows (the labels an
 * entry PATCH finds, a label's previous version), an expression over the CTEs that turns the body
 * built here (a jsonb expression) into the stored one. `prefix`: for a second event in the same
 * statement, a prefix for its CTEs' and columns' names (`label`: `labelEvent`, `labelAudience`,
 * `labelDelivered`, `"labelEventSequence"`, `"labelEventDeliveries"`); none gives the plain names.
 * Which of two events' INSERTs runs first is not promised (PostgreSQL runs a statement's
 * sub-statements in no set order): an event that must come after another (a higher sequence) says
 * so in its `when` with `EXISTS (SELECT 1 FROM event)`, so its row is made only once the first's is.
 */
export function eventStatement<P extends string = "">(
  input: EventInput,
  when: Prisma.Sql = Prisma.sql`true`,
  body: (built: Prisma.Sql) => Prisma.Sql = (built) => built,
  prefix: P = "" as P,
): EventStatement<P> {
  if (!/^[a-z]*$/i.test(prefix)) throw new Error(`eventStatement: prefix ${prefix} is not a plain name`);
  const name = (s: string) => (prefix === "" ? s.charAt(0).toLowerCase() + s.slice(1) : prefix + s);
  const eventCte = Prisma.raw(name("Event"));
  const audienceCte = Prisma.raw(name("Audience"));
  const deliveredCte = Prisma.raw(name("Delivered"));
  const sequenceColumn = name("EventSequence") as Named<P, "EventSequence">;
  const deliveriesColumn = name("EventDeliveries") as Named<P, "EventDeliveries">;
  const eventId = randomId("evt");
  const createdAt = input.at ?? new Date();
  const orderingKey = input.orderingKey ?? `${input.type}:${eventId}`;
  const named = input.subscriptionIds ?? null;
  const built = { id: eventId, type: input.type, createdAt: createdAt.toISOString(), project: input.project, data: input.data };
  // Only the owner's active subscriptions, named ones included: a paused one gets nothing, as the
  // tick would never claim it. Delivery ids are made by the statement (lib/random-id-sql.ts), one
  // per subscription it finds; the foreign key to the event is checked at the statement's end,
  // when the event row is there.
  const ctes = Prisma.sql`
    ${eventCte} AS (
      INSERT INTO "OutboxEvent" (id, "ownerId", type, "orderingKey", body, "createdAt")
      SELECT ${eventId}, ${input.ownerId}, ${input.type}, ${orderingKey}, ${body(Prisma.sql`${JSON.stringify(built)}::jsonb`)}, ${createdAt}::timestamp(3)
      WHERE ${when}
      RETURNING sequence),
    ${audienceCte} AS (
      SELECT s.id FROM "WebhookSubscription" s
      WHERE EXISTS (SELECT 1 FROM ${eventCte}) AND s."ownerId" = ${input.ownerId} AND s.active
        AND CASE WHEN ${named}::text[] IS NULL THEN ${input.type} = ANY(s.events) ELSE s.id = ANY(${named}::text[]) END),
    ${deliveredCte} AS (
      INSERT INTO "WebhookDelivery" (id, "eventId", "subscriptionId", "orderingKey", sequence, "nextAttemptAt", "updatedAt")
      SELECT ${randomIdSql("msg", Prisma.sql`a.id`)}, ${eventId}, a.id, ${orderingKey}, (SELECT sequence FROM ${eventCte}), ${createdAt}, ${createdAt}
      FROM ${audienceCte} a
      RETURNING id)`;
  const columns = Prisma.sql`(SELECT sequence FROM ${eventCte}) AS ${Prisma.raw(`"${sequenceColumn}"`)}, (SELECT array_agg(id) FROM ${deliveredCte}) AS ${Prisma.raw(`"${deliveriesColumn}"`)}`;
  function delivered(row: EventRow<P>): EnqueuedEvent | null {
    const sequence = (row as Record<string, bigint | null>)[sequenceColumn];
    if (sequence === null) return null;
    const deliveryIds = (row as Record<string, string[] | null>)[deliveriesColumn] ?? [];
    // Within a route, the wrapper attempts these right after the response (once committed).
    if (deliveryIds.length) noteRequestDeliveries(deliveryIds);
    return { eventId, deliveryIds };
  }
  return { ctes, columns, delivered };
}

export async function enqueueEvent(tx: SqlRunner, input: EventInput): Promise<EnqueuedEvent> {
  // The event row, the subscriptions that get it and their delivery rows in one round trip.
  const statement = eventStatement(input);
  const [row] = await tx.$queryRaw<EventRow[]>`WITH ${statement.ctes} SELECT ${statement.columns}`;
  return statement.delivered(row)!;
}
