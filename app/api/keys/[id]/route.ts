// DELETE /api/keys/:id – revoke one of the author's keys → { id, revokedAt }; it gets 401 at once (session only)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { revokeApiKey } from "@/lib/auth/revoke-api-key";

export const runtime = "nodejs";

export const DELETE = api({
  auth: "session",
  params: z.object({ id: z.string() }),
  handler: ({ principal, params }) => revokeApiKey({ id: params.id, ownerId: principal.userId }),
});
