import type { z } from "zod";
import type { Prisma } from "../generated/prisma/client";
import type { EventType } from "./event-types";
import type { webhookSchema } from "./webhook-response";

export type WebhookSubscriptionView = z.output<typeof webhookSchema>;

export const subscriptionSelect = {
  id: true,
  url: true,
  events: true,
  active: true,
  disabledAt: true,
  disabledReason: true,
  failingSince: true,
  previousSecretExpiresAt: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.WebhookSubscriptionSelect;

type Row = Prisma.WebhookSubscriptionGetPayload<{ select: typeof subscriptionSelect }>;

/** The signing secret is not part of the view: only create, rotate and get hand it out. */
export function toWebhookSubscription(row: Row, now = new Date()): WebhookSubscriptionView {
  // Past its expiry the previous secret no longer signs, whether or not the row still holds it.
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt : null;
  return {
    id: row.id,
    url: row.url,
    // The column holds what the input schema let through: EVENT_TYPES only.
    events: row.events as EventType[],
    active: row.active,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    previousSecretExpiresAt: overlap?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
