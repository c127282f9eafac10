import type { Prisma } from "../generated/prisma/client";
import { eventBody } from "./event-body-text";

export type WebhookAttemptView = {
  id: string;
  startedAt: string;
  durationMs: number;
  statusCode: number | null;
  responseExcerpt: string | null;
  error: string | null;
  manual: boolean;
};

export type WebhookDeliveryView = {
  /** X-Service-Delivery / webhook-id */
  id: string;
  eventId: string;
  eventType: string;
  status: "pending" | "succeeded" | "failed";
  /** Automatic attempts so far (manual redeliveries are in `attempts` but not counted here). */
  attemptCount: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: string | null;
  createdAt: string;
  /** The body as sent. */
  payload: unknown;
  /** Oldest first. */
  attempts: WebhookAttemptView[];
};

export const deliverySelect = {
  id: true,
  status: true,
  attemptCount: true,
  nextAttemptAt: true,
  lastStatusCode: true,
  lastError: true,
  deliveredAt: true,
  createdAt: true,
  event: { select: { id: true, type: true, body: true } },
  attempts: {
    orderBy: [{ startedAt: "asc" }, { id: "asc" }],
    select: { id: true, startedAt: true, durationMs: true, statusCode: true, responseExcerpt: true, error: true, manual: true },
  },
} as const satisfies Prisma.WebhookDeliverySelect;

type Row = Prisma.WebhookDeliveryGetPayload<{ select: typeof deliverySelect }>;

export function toWebhookDelivery(row: Row): WebhookDeliveryView {
  return {
    id: row.id,
    eventId: row.event.id,
    eventType: row.event.type,
    status: row.status,
    attemptCount: row.attemptCount,
    nextAttemptAt: row.status === "pending" ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    payload: eventBody(row.event.body),
    attempts: row.attempts.map((attempt) => ({
      id: attempt.id,
      startedAt: attempt.startedAt.toISOString(),
      durationMs: attempt.durationMs,
      statusCode: attempt.statusCode,
      responseExcerpt: attempt.responseExcerpt,
      error: attempt.error,
      manual: attempt.manual,
    })),
  };
}
