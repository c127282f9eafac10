// POST /api/collections/:id/entries/bulk – create, update or delete up to 50 entries, one result per item
import { z } from "zod";
import { api } from "@/lib/http/api";
import { insufficientScope } from "@/lib/http/api-error";
import { bulkEntries } from "@/lib/collections/bulk-entries";
import { bulkWantsDelete, parseBulkRequest } from "@/lib/collections/bulk-input";
import { ownerOf } from "@/lib/collections/owner";
import { collectionParams } from "@/lib/collections/route-params";

export const POST = api({
  auth: "key-or-session",
  plan: "pro",
  // The scope depends on the body (delete needs collections:delete), so it is checked here,
  // before the body is judged, as the wrapper would.
  params: collectionParams,
  body: z.unknown(),
  handler: async ({ principal, params, body }) => {
    const scope = bulkWantsDelete(body) ? "collections:delete" : "collections:write";
    if (principal.scopes && !principal.scopes.includes(scope)) throw insufficientScope([scope]);
    return bulkEntries({ owner: ownerOf(principal), collectionId: params.id, request: parseBulkRequest(body) });
  },
});
