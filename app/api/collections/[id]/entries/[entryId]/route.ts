// GET /api/collections/:id/entries/:entryId – the entry at production, ?label= or ?version=
// PATCH /api/collections/:id/entries/:entryId – write a new version (ifVersion for optimistic locking)
// DELETE /api/collections/:id/entries/:entryId – delete the entry with its versions and labels (409 while referenced, unless ?force=true)
import { api } from "@/lib/http/api";
import { deleteEntry } from "@/lib/collections/delete-entry";
import { deleteQuery, getEntryQuery, updateEntryBody } from "@/lib/collections/entry-input";
import { getEntry } from "@/lib/collections/get-entry";
import { ownerOf } from "@/lib/collections/owner";
import { entryParams } from "@/lib/collections/route-params";
import { updateEntry } from "@/lib/collections/update-entry";
import { entryResponseSchema, updatedEntrySchema } from "@/lib/collections/collection-response";
import { successSchema } from "@/lib/openapi/shared-schemas";
import { errorSchema, versionConflictSchema } from "@/lib/openapi/error-schemas";
import { z } from "zod";
import { entryExample } from "@/lib/openapi/response-examples";
import { entryReferencedSchema } from "@/lib/collections/modeling-response";

export const GET = api({
  auth: "key-or-session",
  action: "project.read",
  plan: "pro",
  scopes: ["collections:read"],
  params: entryParams,
  query: getEntryQuery,
  docs: {
    summary: "Get an entry",
    description:
      "The `production` version by default; `?label=` or `?version=` chooses another. A draft (no `production`) is 404 by default. `include=1..3` adds `includes`: the entries its reference fields point at, that many levels deep, at the same label (`?version=` reads: at current versions), each once; references whose target lacks the label or was deleted are listed in `includes.unresolved`.",
    tag: "Entries",
    sdk: 'inkbase.entries.get("docs", "entry-id", { label: "staging" })',
    responses: { 200: { description: "The entry at that version.", schema: entryResponseSchema, example: entryExample } },
    errors: { 404: "`Collection not found`, `Entry not found`, `Label not found` or `Version not found`." },
  },
  handler: async ({ principal, params, query }) =>
    getEntry({ owner: ownerOf(principal), collectionId: params.id, entryId: params.entryId, label: query.label, version: query.version, include: query.include }),
});

export const PATCH = api({
  auth: "key-or-session",
  action: "entries.write",
  plan: "pro",
  scopes: ["collections:write"],
  params: entryParams,
  body: updateEntryBody,
  docs: {
    summary: "Write a new version",
    description:
      "No label moves. With `ifVersion` different from the current version: 409 `version_conflict` with `current`, nothing written. Reference fields must hold ids of entries of their collection (400 naming each path otherwise).",
    tag: "Entries",
    sdk: 'inkbase.entries.update("docs", "entry-id", { data: { title: "v2" }, ifVersion: "v_1" })',
    responses: { 200: { description: "The new version.", schema: updatedEntrySchema } },
    errors: {
      404: "`Collection not found` or `Entry not found`.",
      409: { description: "`version_conflict` (with `current`), or `Slug already used`.", schema: z.union([versionConflictSchema, errorSchema]) },
      413: "`Entry data too large`.",
    },
  },
  handler: async ({ principal, params, body }) =>
    updateEntry({ owner: ownerOf(principal), collectionId: params.id, entryId: params.entryId, input: body }),
});

export const DELETE = api({
  auth: "key-or-session",
  action: "entries.delete",
  plan: "pro",
  scopes: ["collections:delete"],
  params: entryParams,
  query: deleteQuery,
  docs: {
    summary: "Delete an entry",
    description:
      "Removes the entry, its versions and labels. While other entries' current or labelled versions reference it: 409 `Entry is referenced` listing them (at most 20), nothing deleted; `?force=true` deletes it anyway and those references resolve as `deleted`.",
    tag: "Entries",
    sdk: 'inkbase.entries.delete("docs", "entry-id")',
    responses: { 200: { description: "Deleted.", schema: successSchema } },
    errors: { 404: "`Collection not found` or `Entry not found`.", 409: { description: "`Entry is referenced`, with `referencedBy`.", schema: entryReferencedSchema } },
  },
  handler: async ({ principal, params, query }) =>
    deleteEntry({ owner: ownerOf(principal), collectionId: params.id, entryId: params.entryId, force: query.force }),
});
