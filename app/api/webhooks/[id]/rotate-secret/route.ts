// POST /api/webhooks/:id/rotate-secret – a new signing secret, shown once → { id, secret, previousSecretExpiresAt };
// the previous one keeps signing webhook-signature for 24 hours (webhooks:write)
import { z } from "zod";
import { rotatedSecretSchema } from "@/lib/webhooks/webhook-response";
import { api } from "@/lib/http/api";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";

export const runtime = "nodejs";

export const POST = api({
  auth: "key-or-session",
  action: "project.manage",
  scopes: ["webhooks:write"],
  params: z.object({ id: z.string() }),
  docs: {
    summary: "Rotate the signing secret",
    description: "The new secret is shown once; the previous one keeps signing `webhook-signature` for 24 hours.",
    tag: "Webhooks",
    sdk: 'inkbase.webhooks.rotateSecret("webhook-id")',
    responses: { 200: { description: "The new secret.", schema: rotatedSecretSchema } },
    errors: { 404: "`Webhook not found`" },
  },
  handler: ({ principal, params }) => rotateWebhookSecret({ ownerId: principal.projectId, id: params.id }),
});
