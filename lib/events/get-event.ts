// GET /api/events/:id: one of the caller's events, the exact webhook body (no test pings).
import { sql } from "../db-sql";
import type { Prisma } from "../generated/prisma/client";
import { notFound } from "../http/api-error";
import { eventBody } from "../webhooks/event-body-text";
import type { EventBody } from "./event-response";

export async function getEvent(options: { ownerId: string; id: string }): Promise<EventBody> {
  const [row] = await sql().$queryRaw<{ body: Prisma.JsonValue }[]>`
    SELECT body FROM "OutboxEvent" WHERE id = ${options.id} AND "ownerId" = ${options.ownerId} AND type <> 'ping'`;
  if (!row) throw notFound("Event not found");
  return eventBody(row.body) as EventBody;
}
