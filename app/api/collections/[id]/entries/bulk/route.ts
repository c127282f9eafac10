// POST /api/collections/:id/entries/bulk – create, update or delete up to 50 entries, one result per item
import { z } from "zod";
import { api } from "@/lib/http/api";
import { authorize } from "@/lib/auth/can";
import { bulkItemLabels, refuseProtectedLabels } from "@/lib/collections/protected-labels";
import { insufficientScope } from "@/lib/http/api-error";
import { bulkEntries } from "@/lib/collections/bulk-entries";
import { bulkWantsDelete, parseBulkRequest } from "@/lib/collections/bulk-input";
import { ownerOf } from "@/lib/collections/owner";
import { collectionParams } from "@/lib/collections/route-params";
import { bulkEntriesDocSchema } from "@/lib/collections/bulk-input";
import { bulkEntriesResponseSchema } from "@/lib/collections/collection-response";

export const POST = api({
  auth: "key-or-session",
  action: "entries.write",
  plan: "pro",
  // The scope depends on the body (delete needs collections:delete), so it is checked here,
  // before the body is judged, as the wrapper would.
  params: collectionParams,
  body: z.unknown(),
  docs: {
    summary: "Bulk create, update or delete entries",
    description: "One of `{ entries }`, `{ updates }` or `{ ids, action: \"delete\" }`, at most 50 items. Each item succeeds or fails alone (per-item status). Delete needs `collections:delete`, the others `collections:write`.",
    tag: "Entries",
    sdk: 'inkbase.entries.bulk("docs", { entries: [{ data: { title: "A" } }] })',
    body: bulkEntriesDocSchema,
    responses: { 200: { description: "One result per item, in order.", schema: bulkEntriesResponseSchema } },
    errors: { 403: "the key lacks `collections:write` (or `collections:delete` for delete)", 404: "`Collection not found`." },
  },
  handler: async ({ principal, params, body }) => {
    const scope = bulkWantsDelete(body) ? "collections:delete" : "collections:write";
    if (principal.scopes && !principal.scopes.includes(scope)) throw insufficientScope([scope]);
    const request = parseBulkRequest(body);
    if (request.kind === "delete") authorize(principal, "entries.delete");
    else await refuseProtectedLabels(principal, params.id, bulkItemLabels(request.items));
    return bulkEntries({ owner: ownerOf(principal), collectionId: params.id, request });
  },
});
