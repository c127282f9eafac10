import type { z } from "zod";
import type { Prisma } from "../generated/prisma/client";
import { eventBody } from "./event-body-text";
import type { deliveryAttemptSchema, deliverySchema, deliverySummarySchema } from "./webhook-response";

/** One row of the delivery log (GET /api/webhooks/:id/deliveries). */
export type WebhookDeliverySummary = z.output<typeof deliverySummarySchema>;
/** One attempt with the request exactly as sent and what came back (DASHBOARD.md "Webhooks"). */
export type WebhookAttemptView = z.output<typeof deliveryAttemptSchema>;
export type WebhookDeliveryView = z.output<typeof deliverySchema>;

export const deliverySummarySelect = {
  id: true,
  subscriptionId: true,
  status: true,
  attemptCount: true,
  nextAttemptAt: true,
  lastStatusCode: true,
  lastError: true,
  deliveredAt: true,
  createdAt: true,
  event: { select: { id: true, type: true } },
  _count: { select: { attempts: { where: { manual: true } } } },
} as const satisfies Prisma.WebhookDeliverySelect;

export const deliverySelect = {
  ...deliverySummarySelect,
  event: { select: { id: true, type: true, body: true } },
  attempts: {
    orderBy: [{ startedAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      startedAt: true,
      durationMs: true,
      requestUrl: true,
      requestHeaders: true,
      requestBody: true,
      statusCode: true,
      responseExcerpt: true,
      error: true,
      nextRetryAt: true,
      manual: true,
    },
  },
} as const satisfies Prisma.WebhookDeliverySelect;

type SummaryRow = Prisma.WebhookDeliveryGetPayload<{ select: typeof deliverySummarySelect }>;
type Row = Prisma.WebhookDeliveryGetPayload<{ select: typeof deliverySelect }>;

export function toWebhookDeliverySummary(row: SummaryRow): WebhookDeliverySummary {
  return {
    id: row.id,
    eventId: row.event.id,
    eventType: row.event.type,
    status: row.status,
    attemptCount: row.attemptCount,
    redeliveries: row._count.attempts,
    nextAttemptAt: row.status === "pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toWebhookDelivery(row: Row): WebhookDeliveryView {
  return {
    ...toWebhookDeliverySummary(row),
    subscriptionId: row.subscriptionId,
    payload: eventBody(row.event.body),
    attempts: row.attempts.map((attempt) => ({
      id: attempt.id,
      startedAt: attempt.startedAt.toISOString(),
      durationMs: attempt.durationMs,
      request: {
        url: attempt.requestUrl,
        headers: (attempt.requestHeaders as Record<string, string> | null) ?? null,
        body: attempt.requestBody,
      },
      statusCode: attempt.statusCode,
      responseExcerpt: attempt.responseExcerpt,
      error: attempt.error,
      nextRetryAt: attempt.nextRetryAt?.toISOString() ?? null,
      manual: attempt.manual,
    })),
  };
}
