// GET /api/collections/:id/entries/:entryId/labels/:name/history – the label's moves, newest first
import { api } from "@/lib/http/api";
import { listLabelMoves } from "@/lib/collections/list-label-moves";
import { ownerOf } from "@/lib/collections/owner";
import { labelParams } from "@/lib/collections/route-params";
import { labelHistorySchema } from "@/lib/collections/collection-response";
import { labelHistoryExample } from "@/lib/openapi/response-examples";

export const GET = api({
  auth: "key-or-session",
  action: "project.read",
  plan: "pro",
  scopes: ["collections:read"],
  params: labelParams,
  docs: {
    summary: "Label history",
    description: "Every move of the label, newest first, with who made it (the session's user, or the key with its prefix). Recorded in the same transaction as each PUT, DELETE and create-with-label; refused moves record nothing. A label that never existed has an empty history.",
    tag: "Labels",
    sdk: 'inkbase.labels.history("docs", "entry-id", "production")',
    responses: { 200: { description: "The label's moves.", schema: labelHistorySchema, example: labelHistoryExample } },
    errors: { 404: "`Collection not found` or `Entry not found`." },
  },
  handler: async ({ principal, params }) =>
    listLabelMoves({ owner: ownerOf(principal), collectionId: params.id, entryId: params.entryId, name: params.name }),
});
