// GET /api/collections/:id/entries/:entryId/labels/:name – { label, version, meta }
// PUT /api/collections/:id/entries/:entryId/labels/:name – point the label at a version (publish, promote, roll back)
// DELETE /api/collections/:id/entries/:entryId/labels/:name – remove the label (production: back to draft)
import { api } from "@/lib/http/api";
import { getLabel } from "@/lib/collections/get-label";
import { putLabelBody } from "@/lib/collections/label-input";
import { ownerOf } from "@/lib/collections/owner";
import { pointLabel } from "@/lib/collections/point-label";
import { removeLabel } from "@/lib/collections/remove-label";
import { labelParams } from "@/lib/collections/route-params";

export const GET = api({
  auth: "key-or-session",
  plan: "pro",
  scopes: ["collections:read"],
  params: labelParams,
  handler: async ({ principal, params }) =>
    getLabel({ owner: ownerOf(principal), collectionId: params.id, entryId: params.entryId, name: params.name }),
});

export const PUT = api({
  auth: "key-or-session",
  plan: "pro",
  scopes: ["collections:write"],
  params: labelParams,
  body: putLabelBody,
  handler: async ({ principal, params, body }) =>
    pointLabel({ owner: ownerOf(principal), collectionId: params.id, entryId: params.entryId, name: params.name, input: body }),
});

export const DELETE = api({
  auth: "key-or-session",
  plan: "pro",
  scopes: ["collections:write"],
  params: labelParams,
  handler: async ({ principal, params }) =>
    removeLabel({ owner: ownerOf(principal), collectionId: params.id, entryId: params.entryId, name: params.name }),
});
