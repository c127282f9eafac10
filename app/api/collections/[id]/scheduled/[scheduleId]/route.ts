// DELETE /api/collections/:id/scheduled/:scheduleId – cancel a pending label move (404 once applied)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { cancelScheduledMove } from "@/lib/collections/cancel-scheduled-move";
import { ownerOf } from "@/lib/collections/owner";
import { collectionParams } from "@/lib/collections/route-params";
import { successSchema } from "@/lib/openapi/shared-schemas";

export const DELETE = api({
  auth: "key-or-session",
  action: "labels.move",
  plan: "pro",
  scopes: ["collections:write"],
  params: collectionParams.extend({ scheduleId: z.string() }),
  docs: {
    summary: "Cancel a scheduled label move",
    description: "The move never happens. A move already made (or failed, or replaced by a newer one) is 404.",
    tag: "Labels",
    sdk: 'inkbase.labels.cancelSchedule("docs", "sch_…")',
    responses: { 200: { description: "Cancelled.", schema: successSchema } },
    errors: { 404: "`Collection not found` or `Scheduled move not found`." },
  },
  handler: async ({ principal, params }) => cancelScheduledMove({ owner: ownerOf(principal), collectionId: params.id, scheduleId: params.scheduleId }),
});
