// GET /api/collections – the owner's collections
// POST /api/collections – create a collection (10 per account)
import { api } from "@/lib/http/api";
import { createCollection } from "@/lib/collections/create-collection";
import { createCollectionBody } from "@/lib/collections/collection-input";
import { listCollections } from "@/lib/collections/list-collections";
import { ownerOf } from "@/lib/collections/owner";
import { collectionListItemSchema, collectionResponseSchema } from "@/lib/collections/collection-response";
import { z } from "zod";

export const GET = api({
  auth: "key-or-session",
  action: "project.read",
  plan: "pro",
  scopes: ["collections:read"],
  docs: {
    summary: "List collections",
    tag: "Collections",
    sdk: "inkbase.collections.list()",
    responses: { 200: { description: "The caller's collections.", schema: z.array(collectionListItemSchema) } },
  },
  handler: async ({ principal }) => listCollections({ owner: ownerOf(principal) }),
});

export const POST = api({
  auth: "key-or-session",
  action: "collections.manage",
  plan: "pro",
  scopes: ["collections:write"],
  body: createCollectionBody,
  docs: {
    summary: "Create a collection",
    description: "`fields` and `indexes` may be sent at top level and are folded into `schema`. At most 10 collections per account.",
    tag: "Collections",
    sdk: 'inkbase.collections.create({ name: "Docs", slug: "docs" })',
    responses: { 201: { description: "The created collection.", schema: collectionResponseSchema } },
    errors: { 400: "Invalid input, or more than 10 collections.", 409: "`Slug already used`." },
  },
  handler: async ({ principal, body }) => Response.json(await createCollection({ owner: ownerOf(principal), input: body }), { status: 201 }),
});
