// GET /api/collections/:id – the collection and its schema
// PATCH /api/collections/:id – rename or replace the schema; re-projects entries when indexes change
// DELETE /api/collections/:id – delete the collection with all its entries, irreversibly (409 while another schema references it, unless ?force=true)
import { api } from "@/lib/http/api";
import { updateCollectionBody } from "@/lib/collections/collection-input";
import { deleteCollection } from "@/lib/collections/delete-collection";
import { getCollection } from "@/lib/collections/get-collection";
import { ownerOf } from "@/lib/collections/owner";
import { collectionParams } from "@/lib/collections/route-params";
import { updateCollection } from "@/lib/collections/update-collection";
import { collectionResponseSchema, updatedCollectionSchema } from "@/lib/collections/collection-response";
import { successSchema } from "@/lib/openapi/shared-schemas";
import { collectionExample } from "@/lib/openapi/response-examples";
import { deleteQuery } from "@/lib/collections/entry-input";
import { collectionReferencedSchema } from "@/lib/collections/modeling-response";

export const GET = api({
  auth: "key-or-session",
  action: "project.read",
  plan: "pro",
  scopes: ["collections:read"],
  params: collectionParams,
  docs: {
    summary: "Get a collection",
    tag: "Collections",
    sdk: 'inkbase.collections.get("docs")',
    responses: { 200: { description: "The collection and its schema.", schema: collectionResponseSchema, example: collectionExample } },
    errors: { 404: "`Collection not found`." },
  },
  handler: async ({ principal, params }) => getCollection({ owner: ownerOf(principal), id: params.id }),
});

export const PATCH = api({
  auth: "key-or-session",
  action: "collections.manage",
  plan: "pro",
  scopes: ["collections:write"],
  params: collectionParams,
  body: updateCollectionBody,
  docs: {
    summary: "Rename or replace the schema",
    description:
      "`schema` is replaced, not merged. A changed indexes mapping re-projects entries (`reprojected`). Reference fields must name one of your collections (or this one).",
    tag: "Collections",
    sdk: 'inkbase.collections.update("docs", { name: "Handbook" })',
    responses: { 200: { description: "The collection.", schema: updatedCollectionSchema } },
    errors: { 404: "`Collection not found`." },
  },
  handler: async ({ principal, params, body }) => updateCollection({ owner: ownerOf(principal), id: params.id, input: body }),
});

export const DELETE = api({
  auth: "key-or-session",
  action: "collections.manage",
  plan: "pro",
  scopes: ["collections:delete"],
  params: collectionParams,
  query: deleteQuery,
  docs: {
    summary: "Delete a collection",
    description:
      "Deletes all its entries and versions. Irreversible. While another collection's schema has a reference field pointing into it: 409 `Collection is referenced`, nothing deleted; `?force=true` deletes it anyway (references into it then resolve as `deleted`).",
    tag: "Collections",
    sdk: 'inkbase.collections.delete("docs")',
    responses: { 200: { description: "Deleted.", schema: successSchema } },
    errors: { 404: "`Collection not found`.", 409: { description: "`Collection is referenced`, with `referencedBy`.", schema: collectionReferencedSchema } },
  },
  handler: async ({ principal, params, query }) => deleteCollection({ owner: ownerOf(principal), id: params.id, force: query.force }),
});
