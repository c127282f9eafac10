// GET /api/events?after=&types=&limit= (PLATFORM.md "The event feed").
import { z } from "zod";
import { ApiError } from "../http/api-error";
import { eventTypeSchema } from "../webhooks/event-types";

export const EVENTS_MAX_LIMIT = 100;

export const eventQuerySchema = z.object({
  after: z.string().min(1).max(100).optional().meta({ description: "An event id: only events after it in the feed. Omitted: from the oldest kept event." }),
  types: z
    .string()
    .transform((value) => value.split(",").map((type) => type.trim()).filter(Boolean))
    .pipe(z.array(eventTypeSchema).min(1))
    .optional()
    .meta({ description: "Comma-separated event types, e.g. `post.published,entry.updated`. Omitted: every type." }),
  limit: z.coerce
    .number({ error: "A positive integer" })
    .int("A positive integer")
    .min(1, "A positive integer")
    .transform((value) => Math.min(value, EVENTS_MAX_LIMIT))
    .optional()
    .meta({ description: `Events a page, at most ${EVENTS_MAX_LIMIT} (the default).` }),
});

export type EventQuery = z.output<typeof eventQuerySchema>;

/** `after` names an event past the retention period (or none of the caller's). */
export const cursorExpired = () => new ApiError(410, { error: "Cursor expired" });
