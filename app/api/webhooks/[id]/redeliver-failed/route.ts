// POST /api/webhooks/:id/redeliver-failed – redeliver every failed delivery created in { since, until? } → 202 { deliveryIds, hasMore } (webhooks:write)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { redeliverFailedDeliveries } from "@/lib/webhooks/redeliver-failed-deliveries";

export const runtime = "nodejs";

const instant = z.iso.datetime({ offset: true, error: "Must be an ISO 8601 date-time with a time zone" }).transform((value) => new Date(value));

export const POST = api({
  auth: "key-or-session",
  scopes: ["webhooks:write"],
  params: z.object({ id: z.string() }),
  body: z.object({ since: instant, until: instant.nullable().optional() }),
  handler: async ({ principal, params, body }) =>
    Response.json(await redeliverFailedDeliveries({ ownerId: principal.userId, subscriptionId: params.id, since: body.since, until: body.until }), { status: 202 }),
});
