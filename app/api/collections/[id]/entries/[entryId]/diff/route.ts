// GET /api/collections/:id/entries/:entryId/diff?from=&to= – what changes between two versions (each a version id or a label)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { diffEntry } from "@/lib/collections/diff-entry";
import { diffSideNotFoundSchema, entryDiffSchema } from "@/lib/collections/modeling-response";
import { ownerOf } from "@/lib/collections/owner";
import { entryParams } from "@/lib/collections/route-params";
import { errorSchema } from "@/lib/openapi/error-schemas";

const side = z.string().min(1).max(100);

export const GET = api({
  auth: "key-or-session",
  action: "project.read",
  plan: "pro",
  scopes: ["collections:read"],
  params: entryParams,
  query: z.object({
    from: side.meta({ description: "A version id (`v_3`) or a label (`production`); `v_<n>` always means the version." }),
    to: side.meta({ description: "A version id or a label." }),
  }),
  docs: {
    summary: "Diff two versions",
    description:
      "The changes from one version to another, each side named by a version id or a label (`?from=production&to=v_7`: what promoting v_7 would change). The same diff the dashboard's compare view shows: `path` is a JSON pointer into `data`, objects and arrays of objects are followed key by key, arrays of plain values change as a whole, and `richtext` fields carry `blocks` (the changed paragraphs, headings, list items… with their text before and after).",
    tag: "Versions",
    sdk: 'inkbase.entries.diff("docs", "entry-id", { from: "production", to: "v_7" })',
    responses: { 200: { description: "The changes.", schema: entryDiffSchema } },
    errors: {
      404: { description: "`Collection not found`, `Entry not found`, or a side that names nothing: `Version not found` / `Label not found` with `param` (`from` or `to`) and `value`.", schema: z.union([diffSideNotFoundSchema, errorSchema]) },
    },
  },
  handler: async ({ principal, params, query }) =>
    diffEntry({ owner: ownerOf(principal), collectionId: params.id, entryId: params.entryId, from: query.from, to: query.to }),
});
