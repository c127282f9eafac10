// The six events of SPEC "Events". Subscriptions default to all of them.
import { z } from "zod";

export const EVENT_TYPES = [
  "entry.created",
  "entry.updated",
  "entry.deleted",
  "label.updated",
  "post.published",
  "post.updated",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export const eventTypeSchema = z.enum(EVENT_TYPES);
