// POST /api/webhooks/:id/rotate-secret – a new signing secret, shown once → { id, secret, previousSecretExpiresAt };
// the previous one keeps signing webhook-signature for 24 hours (webhooks:write)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";

export const runtime = "nodejs";

export const POST = api({
  auth: "key-or-session",
  scopes: ["webhooks:write"],
  params: z.object({ id: z.string() }),
  handler: ({ principal, params }) => rotateWebhookSecret({ ownerId: principal.userId, id: params.id }),
});
