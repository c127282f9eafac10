// GET /api/collections/:id/entries/:entryId/versions – retained versions, newest first, with their labels
import { api } from "@/lib/http/api";
import { listVersions } from "@/lib/collections/list-versions";
import { ownerOf } from "@/lib/collections/owner";
import { entryParams } from "@/lib/collections/route-params";
import { versionListItemSchema } from "@/lib/collections/collection-response";
import { z } from "zod";
import { versionsExample } from "@/lib/openapi/response-examples";

export const GET = api({
  auth: "key-or-session",
  action: "project.read",
  plan: "pro",
  scopes: ["collections:read"],
  params: entryParams,
  docs: {
    summary: "List versions",
    description: "Retained versions, newest first: the last 10 plus any pinned by a label.",
    tag: "Versions",
    sdk: 'inkbase.versions.list("docs", "entry-id")',
    responses: { 200: { description: "The versions.", schema: z.array(versionListItemSchema), example: versionsExample } },
    errors: { 404: "`Collection not found` or `Entry not found`." },
  },
  handler: async ({ principal, params }) => listVersions({ owner: ownerOf(principal), collectionId: params.id, entryId: params.entryId }),
});
