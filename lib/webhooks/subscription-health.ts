// What the endpoint list shows next to each endpoint (DASHBOARD.md "Webhooks"): the newest
// delivery's result, and how many attempts failed in the last 24 hours. Two statements for the
// whole list (an account has at most 20 endpoints): the newest delivery per endpoint through the
// (subscriptionId, createdAt desc) index, and the failed attempts through the startedAt index.
import type { z } from "zod";
import { db } from "../db";
import type { DeliveryStatus } from "./delivery-status";
import type { webhookListItemSchema } from "./webhook-response";

export type SubscriptionHealth = Pick<z.output<typeof webhookListItemSchema>, "lastDelivery" | "failures24h">;

const DAY_MS = 24 * 60 * 60_000;

export async function subscriptionHealth(ids: string[], now = new Date()): Promise<Map<string, SubscriptionHealth>> {
  const health = new Map<string, SubscriptionHealth>(ids.map((id) => [id, { lastDelivery: null, failures24h: 0 }]));
  if (!ids.length) return health;
  const since = new Date(now.getTime() - DAY_MS);
  const [latest, failures] = await Promise.all([
    db().$queryRaw<{ subscriptionId: string; id: string; type: string; status: DeliveryStatus; lastStatusCode: number | null; lastError: string | null; at: Date }[]>`
      SELECT s.id AS "subscriptionId", l.id, l.type, l.status::text AS status, l."lastStatusCode", l."lastError", l.at
      FROM unnest(${ids}::text[]) AS s(id)
      CROSS JOIN LATERAL (
        SELECT d.id, e.type, d.status, d."lastStatusCode", d."lastError", d."updatedAt" AS at
        FROM "WebhookDelivery" d JOIN "OutboxEvent" e ON e.id = d."eventId"
        WHERE d."subscriptionId" = s.id
        ORDER BY d."createdAt" DESC, d.sequence DESC
        LIMIT 1
      ) l`,
    db().$queryRaw<{ subscriptionId: string; failures: number }[]>`
      SELECT d."subscriptionId", count(*)::int AS failures
      FROM "WebhookAttempt" a JOIN "WebhookDelivery" d ON d.id = a."deliveryId"
      WHERE a."startedAt" >= ${since}::timestamp(3)
        AND d."subscriptionId" = ANY(${ids}::text[])
        AND (a."statusCode" IS NULL OR a."statusCode" < 200 OR a."statusCode" > 299)
      GROUP BY d."subscriptionId"`,
  ]);
  for (const row of latest) {
    health.get(row.subscriptionId)!.lastDelivery = {
      id: row.id,
      eventType: row.type,
      status: row.status,
      statusCode: row.lastStatusCode,
      error: row.lastError,
      at: row.at.toISOString(),
    };
  }
  for (const row of failures) health.get(row.subscriptionId)!.failures24h = row.failures;
  return health;
}
