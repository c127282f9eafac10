// GET /api/collections/:id/entries/:entryId – the entry at production, ?label= or ?version=
// PATCH /api/collections/:id/entries/:entryId – write a new version (ifVersion for optimistic locking)
// DELETE /api/collections/:id/entries/:entryId – delete the entry with its versions and labels
import { api } from "@/lib/http/api";
import { deleteEntry } from "@/lib/collections/delete-entry";
import { getEntryQuery, updateEntryBody } from "@/lib/collections/entry-input";
import { getEntry } from "@/lib/collections/get-entry";
import { ownerOf } from "@/lib/collections/owner";
import { entryParams } from "@/lib/collections/route-params";
import { updateEntry } from "@/lib/collections/update-entry";

export const GET = api({
  auth: "key-or-session",
  plan: "pro",
  scopes: ["collections:read"],
  params: entryParams,
  query: getEntryQuery,
  handler: async ({ principal, params, query }) =>
    getEntry({ owner: ownerOf(principal), collectionId: params.id, entryId: params.entryId, label: query.label, version: query.version }),
});

export const PATCH = api({
  auth: "key-or-session",
  plan: "pro",
  scopes: ["collections:write"],
  params: entryParams,
  body: updateEntryBody,
  handler: async ({ principal, params, body }) =>
    updateEntry({ owner: ownerOf(principal), collectionId: params.id, entryId: params.entryId, input: body }),
});

export const DELETE = api({
  auth: "key-or-session",
  plan: "pro",
  scopes: ["collections:delete"],
  params: entryParams,
  handler: async ({ principal, params }) => deleteEntry({ owner: ownerOf(principal), collectionId: params.id, entryId: params.entryId }),
});
