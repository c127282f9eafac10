// GET /api/events: the caller's own events after a cursor, oldest first, in commit order (see
// position-events.ts), from the same outbox rows the webhooks are delivered from: every event
// type whether or not an endpoint subscribes, never the test `ping` (it is addressed to one
// endpoint, not a change). Events older than OUTBOX_RETENTION_DAYS are not listed, and a cursor
// that old (or unknown) is 410, so a client never holds a cursor the feed cannot continue from.
import { sql } from "../db-sql";
import { env } from "../env";
import type { Prisma } from "../generated/prisma/client";
import { eventBody } from "../webhooks/event-body-text";
import { cursorExpired, EVENTS_MAX_LIMIT, type EventQuery } from "./event-query";
import type { EventBody, EventPage } from "./event-response";
import { positionEvents } from "./position-events";

export async function listEvents(options: { ownerId: string; query: EventQuery; now?: Date }): Promise<EventPage> {
  const { ownerId, query } = options;
  const cutoff = retentionCutoff(options.now);
  await positionEvents(ownerId);

  let from = 0n;
  if (query.after !== undefined) {
    const [cursor] = await sql().$queryRaw<{ feedPosition: bigint | null; createdAt: Date }[]>`
      SELECT "feedPosition", "createdAt" FROM "OutboxEvent" WHERE id = ${query.after} AND "ownerId" = ${ownerId}`;
    if (!cursor || cursor.createdAt < cutoff) throw cursorExpired();
    // Committed after this read positioned the rest: nothing follows it yet.
    if (cursor.feedPosition === null) return { data: [], pageInfo: { hasMore: false, nextAfter: query.after } };
    from = cursor.feedPosition;
  }

  const limit = query.limit ?? EVENTS_MAX_LIMIT;
  const rows = await sql().$queryRaw<{ body: Prisma.JsonValue }[]>`
    SELECT body FROM "OutboxEvent"
    WHERE "ownerId" = ${ownerId} AND "feedPosition" > ${from} AND type <> 'ping' AND "createdAt" >= ${cutoff}
      AND (${query.types ?? null}::text[] IS NULL OR type = ANY(${query.types ?? null}::text[]))
    ORDER BY "feedPosition"
    LIMIT ${limit + 1}::int`;
  const data = rows.slice(0, limit).map((row) => eventBody(row.body) as EventBody);
  return { data, pageInfo: { hasMore: rows.length > limit, nextAfter: data.at(-1)?.id ?? query.after ?? null } };
}

function retentionCutoff(now = new Date()): Date {
  return new Date(now.getTime() - env.outboxRetentionDays * 24 * 60 * 60 * 1000);
}
