import type { EventType } from "./event-types";

export type WebhookSubscriptionView = {
  id: string;
  url: string;
  events: EventType[];
  active: boolean;
  /** Set when deliveries kept failing for 3 days (or the owner paused it): shown in the dashboard. */
  disabledAt: string | null;
  disabledReason: string | null;
  /** Start of the current run of failed deliveries, null after a success. */
  failingSince: string | null;
  /** While set and in the future, the previous secret still signs (`webhook-signature`). */
  previousSecretExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
};

type Row = {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  disabledAt: Date | null;
  disabledReason: string | null;
  failingSince: Date | null;
  previousSecretExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

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
} as const;

/** The signing secret is not part of the view: only create, rotate and get hand it out. */
export function toWebhookSubscription(row: Row, now = new Date()): WebhookSubscriptionView {
  const overlap = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt : null;
  return {
    id: row.id,
    url: row.url,
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
