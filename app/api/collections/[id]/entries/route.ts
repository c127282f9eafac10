// GET /api/collections/:id/entries – list entries (filters slug, tag, label, q; full=1 adds data)
// POST /api/collections/:id/entries – create an entry (v_1), optionally pointing a label at it
import { api } from "@/lib/http/api";
import { createEntry } from "@/lib/collections/create-entry";
import { createEntryBody, listEntriesQuery } from "@/lib/collections/entry-input";
import { listEntries } from "@/lib/collections/list-entries";
import { ownerOf } from "@/lib/collections/owner";
import { collectionParams } from "@/lib/collections/route-params";

export const GET = api({
  auth: "key-or-session",
  plan: "pro",
  scopes: ["collections:read"],
  params: collectionParams,
  query: listEntriesQuery,
  handler: async ({ principal, params, query }) => listEntries({ owner: ownerOf(principal), collectionId: params.id, query }),
});

export const POST = api({
  auth: "key-or-session",
  plan: "pro",
  scopes: ["collections:write"],
  params: collectionParams,
  body: createEntryBody,
  handler: async ({ principal, params, body }) =>
    Response.json(await createEntry({ owner: ownerOf(principal), collectionId: params.id, input: body }), { status: 201 }),
});
