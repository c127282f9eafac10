// POST /api/webhooks/:id/redeliver-failed – redeliver every failed delivery created in { since, until? } → 202 { deliveryIds, hasMore } (webhooks:write)
import { z } from "zod";
import { redeliveredSchema } from "@/lib/webhooks/webhook-response";
import { api } from "@/lib/http/api";
import { redeliverFailedDeliveries } from "@/lib/webhooks/redeliver-failed-deliveries";

export const runtime = "nodejs";

const instant = z.iso.datetime({ offset: true, error: "Must be an ISO 8601 date-time with a time zone" }).transform((value) => new Date(value));

export const POST = api({
  auth: "key-or-session",
  action: "project.manage",
  scopes: ["webhooks:write"],
  params: z.object({ id: z.string() }),
  body: z.object({ since: instant, until: instant.nullable().optional() }),
  docs: {
    summary: "Redeliver failed deliveries",
    description: "Every failed delivery created between `since` and `until` (default now), at most 100 per call; `hasMore` says to call again.",
    tag: "Webhooks",
    sdk: 'inkbase.webhooks.deliveries.redeliverFailed("webhook-id", { since: "2026-01-01T00:00:00Z" })',
    responses: { 202: { description: "Queued.", schema: redeliveredSchema } },
    errors: { 404: "`Webhook not found`" },
  },
  handler: async ({ principal, params, body }) =>
    Response.json(await redeliverFailedDeliveries({ ownerId: principal.projectId, subscriptionId: params.id, since: body.since, until: body.until }), { status: 202 }),
});
