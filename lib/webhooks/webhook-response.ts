// Response shapes of /api/webhooks (DASHBOARD.md "Webhooks"), as zod schemas: the OpenAPI
// document is generated from them, and the serializers' view types are their outputs, so a field
// added to one without the other is a type error.
import { z } from "zod";
import { pageInfoSchema } from "../openapi/shared-schemas";
import { deliveryStatusSchema } from "./delivery-status";
import { eventTypeSchema } from "./event-types";

const instant = z.iso.datetime();

export const webhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(eventTypeSchema),
    active: z.boolean(),
    disabledAt: instant.nullable().meta({ description: "Set when deliveries kept failing for 3 days, or the owner paused it." }),
    disabledReason: z.string().nullable(),
    failingSince: instant.nullable().meta({ description: "Start of the current run of failed deliveries." }),
    previousSecretExpiresAt: instant.nullable().meta({ description: "While in the future, the previous secret still signs `webhook-signature`." }),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: "Webhook" });

/** The newest delivery's result, shown next to each endpoint. */
export const lastDeliverySchema = z.object({
  id: z.string(),
  eventType: z.string(),
  status: deliveryStatusSchema,
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  at: instant,
});

export const webhookListItemSchema = webhookSchema
  .extend({
    lastDelivery: lastDeliverySchema.nullable(),
    failures24h: z.number().int().meta({ description: "Failed attempts in the last 24 hours." }),
  })
  .meta({ id: "WebhookListItem" });

export const webhookListSchema = z.object({ data: z.array(webhookListItemSchema) }).meta({ id: "WebhookList" });

export const createdWebhookSchema = webhookSchema
  .extend({ secret: z.string().meta({ description: "The signing secret, shown this once." }) })
  .meta({ id: "CreatedWebhook" });

export const rotatedSecretSchema = z
  .object({ id: z.string(), secret: z.string(), previousSecretExpiresAt: instant })
  .meta({ id: "RotatedWebhookSecret" });

export const deliverySummarySchema = z
  .object({
    id: z.string().meta({ description: "`webhook-id` / `X-Service-Delivery`, the same on every attempt." }),
    eventId: z.string(),
    eventType: z.string(),
    status: deliveryStatusSchema,
    // Automatic attempts so far; manual ones are counted in `redeliveries`.
    attemptCount: z.number().int(),
    redeliveries: z.number().int(),
    // When the automatic schedule tries again; null unless pending.
    nextAttemptAt: instant.nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    deliveredAt: instant.nullable(),
    createdAt: instant,
  })
  .meta({ id: "WebhookDeliverySummary" });

export const deliveryPageSchema = z.object({ data: z.array(deliverySummarySchema), pageInfo: pageInfoSchema }).meta({ id: "WebhookDeliveryPage" });

/** One attempt with the request exactly as sent and what came back. */
export const deliveryAttemptSchema = z.object({
  id: z.string(),
  startedAt: instant,
  durationMs: z.number().int(),
  // null for attempts logged before requests were kept.
  request: z.object({ url: z.string().nullable(), headers: z.record(z.string(), z.string()).nullable(), body: z.string().nullable() }),
  // null when no response arrived (see `error`: network failure, timeout or SSRF refusal).
  statusCode: z.number().int().nullable(),
  responseExcerpt: z.string().nullable().meta({ description: "The first 2 KB of the response body." }),
  error: z.string().nullable(),
  // The automatic retry this attempt scheduled; null after a success, a manual attempt or the last try.
  nextRetryAt: instant.nullable(),
  manual: z.boolean(),
});

export const deliverySchema = deliverySummarySchema
  .extend({
    subscriptionId: z.string(),
    payload: z.unknown().meta({ description: "The event body as sent." }),
    // Oldest first.
    attempts: z.array(deliveryAttemptSchema),
  })
  .meta({ id: "WebhookDelivery" });

export const queuedDeliverySchema = z.object({ deliveryId: z.string() }).meta({ id: "QueuedDelivery" });
export const redeliveredSchema = z.object({ deliveryIds: z.array(z.string()), hasMore: z.boolean() }).meta({ id: "RedeliveredFailed" });
