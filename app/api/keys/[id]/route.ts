// DELETE /api/keys/:id – revoke one of the author's keys → { id, revokedAt }; it gets 401 at once (session only)
import { z } from "zod";
import { revokedApiKeySchema } from "@/lib/auth/api-key-response";
import { api } from "@/lib/http/api";
import { revokeApiKey } from "@/lib/auth/revoke-api-key";
import { can } from "@/lib/auth/can";

export const runtime = "nodejs";

export const DELETE = api({
  auth: "session",
  action: "keys.personal",
  params: z.object({ id: z.string() }),
  docs: {
    summary: "Revoke an API key",
    description: "The key answers 401 from the next request on.",
    tag: "Account",
    responses: { 200: { description: "The key as revoked.", schema: revokedApiKeySchema } },
    errors: { 404: "`API key not found`" },
  },
  handler: ({ principal, params }) =>
    revokeApiKey({ id: params.id, ownerId: principal.projectId, ...(can(principal, "keys.project") ? {} : { createdById: principal.actorId, kind: "personal" }) }),
});
