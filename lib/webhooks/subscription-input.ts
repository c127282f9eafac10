// What the dashboard (and `admin webhook:create`) may send for a subscription.
import { z } from "zod";
import { EVENT_TYPES, eventTypeSchema } from "./event-types";

const urlSchema = z.string().trim().min(1, "A URL is required").max(2048, "URL is too long");
const eventsSchema = z
  .array(eventTypeSchema)
  .min(1, "At least one event is required")
  .transform((events) => EVENT_TYPES.filter((type) => events.includes(type)));

export const createSubscriptionInputSchema = z.object({
  url: urlSchema,
  /** Default: every event type. Stored in the canonical order of EVENT_TYPES, without repeats. */
  events: eventsSchema.default([...EVENT_TYPES]),
});
/** Event names arrive as plain strings (CLI, dashboard forms) and are checked here. */
export type CreateSubscriptionInput = { url: string; events?: string[] };

export const updateSubscriptionInputSchema = z.object({
  url: urlSchema.optional(),
  events: eventsSchema.optional(),
  /** false pauses the subscription; true (re-)enables it, also after an automatic disable. */
  active: z.boolean().optional(),
});
export type UpdateSubscriptionInput = { url?: string; events?: string[]; active?: boolean };
