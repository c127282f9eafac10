// The six events of SPEC "Events", the two of MEDIA.md and PORTABILITY's import.completed. Subscriptions default to all of them.
import { z } from "zod";

export const EVENT_TYPES = [
  "entry.created",
  "entry.updated",
  "entry.deleted",
  "label.updated",
  "post.published",
  "post.updated",
  "media.created",
  "media.deleted",
  "import.completed",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export const eventTypeSchema = z.enum(EVENT_TYPES);

/**
 * The test event (POST /api/webhooks/:id/test). Not one of the subscribable types: nothing but
 * that call ever sends it, and only to the endpoint it names.
 */
export const PING_EVENT = "ping";
