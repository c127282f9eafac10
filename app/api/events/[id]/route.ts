// GET /api/events/:id – one of the caller's events, as its webhook body (webhooks:read)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { eventSchema } from "@/lib/events/event-response";
import { getEvent } from "@/lib/events/get-event";

export const runtime = "nodejs";

export const GET = api({
  auth: "key-or-session",
  action: "project.manage",
  scopes: ["webhooks:read"],
  params: z.object({ id: z.string() }),
  docs: {
    summary: "Get an event",
    description: "The exact body its webhook deliveries carry.",
    tag: "Events",
    sdk: 'inkbase.events.get("evt_…")',
    responses: { 200: { description: "The event.", schema: eventSchema } },
    errors: { 404: "`Event not found`" },
  },
  handler: ({ principal, params }) => getEvent({ ownerId: principal.projectId, id: params.id }),
});
