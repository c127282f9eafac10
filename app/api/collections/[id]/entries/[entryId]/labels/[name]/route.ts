// GET /api/collections/:id/entries/:entryId/labels/:name – { label, version, meta }
// PUT /api/collections/:id/entries/:entryId/labels/:name – point the label at a version (publish, promote, roll back), or with `at` schedule it (202)
// DELETE /api/collections/:id/entries/:entryId/labels/:name – remove the label (production: back to draft)
import { api } from "@/lib/http/api";
import { refuseProtectedLabels } from "@/lib/collections/protected-labels";
import { getLabel } from "@/lib/collections/get-label";
import { putLabelBody } from "@/lib/collections/label-input";
import { ownerOf } from "@/lib/collections/owner";
import { putLabel } from "@/lib/collections/put-label";
import { removeLabel } from "@/lib/collections/remove-label";
import { labelParams } from "@/lib/collections/route-params";
import { labelResponseSchema } from "@/lib/collections/collection-response";
import { successSchema } from "@/lib/openapi/shared-schemas";
import { labelExample } from "@/lib/openapi/response-examples";
import { scheduledMoveCreatedSchema } from "@/lib/collections/modeling-response";

export const GET = api({
  auth: "key-or-session",
  action: "project.read",
  plan: "pro",
  scopes: ["collections:read"],
  params: labelParams,
  docs: {
    summary: "Get a label",
    tag: "Labels",
    sdk: 'inkbase.labels.get("docs", "entry-id", "production")',
    responses: { 200: { description: "Where the label points.", schema: labelResponseSchema, example: labelExample } },
    errors: { 404: "`Collection not found`, `Entry not found` or `Label not found`." },
  },
  handler: async ({ principal, params }) =>
    getLabel({ owner: ownerOf(principal), collectionId: params.id, entryId: params.entryId, name: params.name }),
});

export const PUT = api({
  auth: "key-or-session",
  action: "labels.move",
  plan: "pro",
  scopes: ["collections:write"],
  params: labelParams,
  body: putLabelBody,
  docs: {
    summary: "Point a label at a version",
    description:
      "Publishing (`production`), promotion and rollback are all this call. `meta` is stored verbatim. Emits label.updated. With `at` more than 5 s ahead the move is scheduled instead (202): the tick makes it within a minute of that time, as a normal move (label.updated; label history with `scheduled: true` and its creator), or marks it `failed` if the version was pruned or the entry deleted meanwhile. One pending move per entry and label: a new one replaces it. `at` in the past or within 5 s moves now.",
    tag: "Labels",
    sdk: 'inkbase.labels.move("docs", "entry-id", "production", { version: "v_2" })',
    responses: {
      200: { description: "The label now.", schema: labelResponseSchema },
      202: { description: "Scheduled (with `at` more than 5 s ahead); the label has not moved yet.", schema: scheduledMoveCreatedSchema },
    },
    errors: { 404: "`Collection not found`, `Entry not found` or `Version not found`." },
  },
  handler: async ({ principal, params, body }) => {
    await refuseProtectedLabels(principal, params.id, [params.name]);
    const { status, body: answer } = await putLabel({ owner: ownerOf(principal), collectionId: params.id, entryId: params.entryId, name: params.name, input: body });
    return Response.json(answer, { status });
  },
});

export const DELETE = api({
  auth: "key-or-session",
  action: "labels.move",
  plan: "pro",
  scopes: ["collections:write"],
  params: labelParams,
  docs: {
    summary: "Remove a label",
    description: "Removing `production` makes the entry a draft again; the version loses its pin. Emits label.updated.",
    tag: "Labels",
    sdk: 'inkbase.labels.remove("docs", "entry-id", "staging")',
    responses: { 200: { description: "Removed.", schema: successSchema } },
    errors: { 404: "`Collection not found`, `Entry not found` or `Label not found`." },
  },
  handler: async ({ principal, params }) => {
    await refuseProtectedLabels(principal, params.id, [params.name]);
    return removeLabel({ owner: ownerOf(principal), collectionId: params.id, entryId: params.entryId, name: params.name });
  },
});
