// The six events of SPEC "Events", the two of MEDIA.md, PORTABILITY's import.completed and TEAMS.md's review.requested and review.decided. Subscriptions default to all of them.
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
  "review.requested",
  "review.decided",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export const eventTypeSchema = z.enum(EVENT_TYPES);

/**
 * The test event (POST /api/webhooks/:id/test). Not one of the subscribable types: nothing but
 * that call ever sends it, and only to the endpoint it names.
 */
export const PING_EVENT = "ping";
