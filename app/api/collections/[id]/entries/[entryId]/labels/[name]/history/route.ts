// GET /api/collections/:id/entries/:entryId/labels/:name/history – the label's moves, newest first
import { api } from "@/lib/http/api";
import { listLabelMoves } from "@/lib/collections/list-label-moves";
import { ownerOf } from "@/lib/collections/owner";
import { labelParams } from "@/lib/collections/route-params";

export const GET = api({
  auth: "key-or-session",
  plan: "pro",
  scopes: ["collections:read"],
  params: labelParams,
  handler: async ({ principal, params }) =>
    listLabelMoves({ owner: ownerOf(principal), collectionId: params.id, entryId: params.entryId, name: params.name }),
});
