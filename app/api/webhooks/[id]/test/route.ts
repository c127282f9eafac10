// POST /api/webhooks/:id/test – queue a signed `ping` delivery to this endpoint → 202 { deliveryId } (webhooks:write)
import { z } from "zod";
import { queuedDeliverySchema } from "@/lib/webhooks/webhook-response";
import { api } from "@/lib/http/api";
import { sendTestPing } from "@/lib/webhooks/send-test-ping";

export const runtime = "nodejs";

export const POST = api({
  auth: "key-or-session",
  action: "project.manage",
  scopes: ["webhooks:write"],
  params: z.object({ id: z.string() }),
  docs: {
    summary: "Send a test event",
    description: "A signed `ping` event through the outbox and queue, logged like any delivery. `ping` cannot be subscribed to.",
    tag: "Webhooks",
    sdk: 'inkbase.webhooks.test("webhook-id")',
    responses: { 202: { description: "Queued.", schema: queuedDeliverySchema } },
    errors: { 404: "`Webhook not found`", 409: "The endpoint is paused." },
  },
  handler: async ({ principal, params }) => {
    const { deliveryId } = await sendTestPing({ owner: { id: principal.projectId, username: principal.projectUsername }, id: params.id });
    return Response.json({ deliveryId }, { status: 202 });
  },
});
