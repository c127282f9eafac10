// The event feed's shapes (PLATFORM.md "The event feed"): each item is the exact body a webhook
// delivery of that event carries (DECISIONS §6), as zod schemas for the OpenAPI document.
import { z } from "zod";
import { eventTypeSchema } from "../webhooks/event-types";

export const eventSchema = z
  .object({
    id: z.string().meta({ description: "`evt_…`: also the feed's cursor (`after`)." }),
    type: eventTypeSchema,
    createdAt: z.iso.datetime(),
    project: z.string().meta({ description: "The owner's username." }),
    data: z.looseObject({}).meta({
      description:
        "Entry events: `{ collection: { id, slug }, entry: { id, version, labels } }`. `label.updated`: `{ collection: { id, slug }, entryId, label, version, previousVersion, meta }` (`version` null when removed). Post events: `{ post: { id, slug, title, status, visibility, publishedAt, url } }`. `media.created` and `media.deleted`: `{ media: { id, filename, url } }` (`url` the stored original, as the medium's `url` in `GET /api/media/{id}`). `import.completed`: `{ id, source, status, created, updated, skipped, warnings, images: { copied, reused, failed }, error? }` (`warnings` is a count; `images` the report's image counts, as `GET /api/imports/{id}` answers them).",
    }),
  })
  .meta({
    id: "Event",
    example: {
      id: "evt_4kQb0mW1xYz7TgH2pLs9VcN3",
      type: "post.published",
      createdAt: "2026-11-25T09:30:00.000Z",
      project: "alice",
      data: { post: { id: "cmwtedex50000dv7dz6u61w5t", slug: "hello-world", title: "Hello, world", status: "published", visibility: "public", publishedAt: "2026-11-25T09:30:00.000Z", url: "https://blog.example.com/alice/hello-world" } },
    },
  });

export const eventPageSchema = z
  .object({
    data: z.array(eventSchema).meta({ description: "Oldest first, in the order the events were committed." }),
    pageInfo: z.object({
      hasMore: z.boolean().meta({ description: "More events follow now: ask again with `after=nextAfter`." }),
      nextAfter: z.string().nullable().meta({ description: "The cursor for the next page: the last event's id (or, on an empty page, the `after` sent). Keep it and poll with it later." }),
    }),
  })
  .meta({ id: "EventPage" });

export type EventBody = z.output<typeof eventSchema>;
export type EventPage = z.output<typeof eventPageSchema>;
