// POST /api/webhooks/:id/test – queue a signed `ping` delivery to this endpoint → 202 { deliveryId } (webhooks:write)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { sendTestPing } from "@/lib/webhooks/send-test-ping";

export const runtime = "nodejs";

export const POST = api({
  auth: "key-or-session",
  scopes: ["webhooks:write"],
  params: z.object({ id: z.string() }),
  handler: async ({ principal, params }) => {
    const { deliveryId } = await sendTestPing({ owner: { id: principal.userId, username: principal.username }, id: params.id });
    return Response.json({ deliveryId }, { status: 202 });
  },
});
