// GET /api/collections/:id/scheduled – the collection's pending label moves (?entryId=, ?status=applied|failed)
import { api } from "@/lib/http/api";
import { listScheduledMoves, listScheduledQuery } from "@/lib/collections/list-scheduled-moves";
import { scheduledMoveListSchema } from "@/lib/collections/modeling-response";
import { ownerOf } from "@/lib/collections/owner";
import { collectionParams } from "@/lib/collections/route-params";

export const GET = api({
  auth: "key-or-session",
  action: "project.read",
  plan: "pro",
  scopes: ["collections:read"],
  params: collectionParams,
  query: listScheduledQuery,
  docs: {
    summary: "List scheduled label moves",
    description:
      "Pending moves (made with `PUT …/labels/:name` and `at`), soonest first; `entryId` narrows to one entry. `status=applied` or `status=failed` lists what became of past ones instead (failed ones carry `reason`: `entry_deleted` or `version_pruned`), most recent first. At most 100.",
    tag: "Labels",
    sdk: 'inkbase.labels.scheduled("docs")',
    responses: { 200: { description: "The moves.", schema: scheduledMoveListSchema } },
    errors: { 404: "`Collection not found`." },
  },
  handler: async ({ principal, params, query }) => listScheduledMoves({ owner: ownerOf(principal), collectionId: params.id, query }),
});
