// GET /api/collections/:id/entries – list entries (filters slug, tag, label, q; full=1 adds data; include=1..3 adds referenced entries)
// POST /api/collections/:id/entries – create an entry (v_1), optionally pointing a label at it
import { api } from "@/lib/http/api";
import { refuseProtectedLabels } from "@/lib/collections/protected-labels";
import { createEntry } from "@/lib/collections/create-entry";
import { createEntryBody, listEntriesQuery } from "@/lib/collections/entry-input";
import { listEntries } from "@/lib/collections/list-entries";
import { entryListResponse } from "@/lib/collections/entry-list-response";
import { ownerOf } from "@/lib/collections/owner";
import { collectionParams } from "@/lib/collections/route-params";
import { createdEntrySchema, entryListSchema } from "@/lib/collections/collection-response";
import { createdEntryExample, entryListExample } from "@/lib/openapi/response-examples";

export const GET = api({
  auth: "key-or-session",
  action: "project.read",
  plan: "pro",
  scopes: ["collections:read"],
  params: collectionParams,
  query: listEntriesQuery,
  docs: {
    summary: "List entries",
    description:
      "Drafts included unless `label` is given; `full=1` adds `data`. The published listing is `?label=production&full=1`. `include=1..3` adds `includes`: the entries the page references, at the listing's label (current versions without one), each once.",
    tag: "Entries",
    sdk: 'inkbase.entries.list("docs", { label: "production", full: "1" })',
    responses: { 200: { description: "A page of entries.", schema: entryListSchema, example: entryListExample } },
    errors: { 404: "`Collection not found`." },
  },
  handler: async ({ principal, params, query }) => entryListResponse(await listEntries({ owner: ownerOf(principal), collectionId: params.id, query })),
});

export const POST = api({
  auth: "key-or-session",
  action: "entries.write",
  plan: "pro",
  scopes: ["collections:write"],
  params: collectionParams,
  body: createEntryBody,
  docs: {
    summary: "Create an entry",
    description: "Creates `v_1`. With `label` (1-100 characters) that label points at `v_1` in the same call (`production` publishes it); events entry.created then label.updated.",
    tag: "Entries",
    sdk: 'inkbase.entries.create("docs", { data: { title: "Intro" }, label: "production" })',
    responses: { 201: { description: "The new entry.", schema: createdEntrySchema, example: createdEntryExample } },
    errors: { 400: "Invalid input: `data` fails the collection schema, or a reference names no entry of its collection.", 404: "`Collection not found`.", 409: "`Slug already used` (the indexed slug).", 413: "`Entry data too large` (256 KB or more)." },
  },
  handler: async ({ principal, params, body }) => {
    await refuseProtectedLabels(principal, params.id, [body.label]);
    return Response.json(await createEntry({ owner: ownerOf(principal), collectionId: params.id, input: body }), { status: 201 });
  },
});
