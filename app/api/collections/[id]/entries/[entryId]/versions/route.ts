// GET /api/collections/:id/entries/:entryId/versions – retained versions, newest first, with their labels
import { api } from "@/lib/http/api";
import { listVersions } from "@/lib/collections/list-versions";
import { ownerOf } from "@/lib/collections/owner";
import { entryParams } from "@/lib/collections/route-params";

export const GET = api({
  auth: "key-or-session",
  plan: "pro",
  scopes: ["collections:read"],
  params: entryParams,
  handler: async ({ principal, params }) => listVersions({ owner: ownerOf(principal), collectionId: params.id, entryId: params.entryId }),
});
