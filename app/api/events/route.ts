// GET /api/events – the caller's events after a cursor, oldest first in commit order: ?after=&types=&limit= (webhooks:read)
import { api } from "@/lib/http/api";
import { eventQuerySchema } from "@/lib/events/event-query";
import { eventPageSchema } from "@/lib/events/event-response";
import { listEvents } from "@/lib/events/list-events";

export const runtime = "nodejs";

export const GET = api({
  auth: "key-or-session",
  action: "project.manage",
  scopes: ["webhooks:read"],
  query: eventQuerySchema,
  docs: {
    summary: "List events",
    description:
      "Every event a webhook would carry, whether or not an endpoint subscribes, each as the exact webhook body: to reconcile after missed deliveries. Oldest first, strictly in the order the events were committed; page with `after=pageInfo.nextAfter` until `hasMore` is false and each event is seen exactly once, including events committed meanwhile. Events are kept `OUTBOX_RETENTION_DAYS` (30 by default); an `after` older than that is 410.",
    tag: "Events",
    sdk: 'inkbase.events.list({ after: "evt_…", types: "post.published,entry.updated" })',
    responses: { 200: { description: "One page of events.", schema: eventPageSchema } },
    errors: { 410: "`Cursor expired`: `after` is older than the retention period, or not one of your events." },
  },
  handler: ({ principal, query }) => listEvents({ ownerId: principal.projectId, query }),
});
