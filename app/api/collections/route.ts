// GET /api/collections – the owner's collections
// POST /api/collections – create a collection (10 per account)
import { api } from "@/lib/http/api";
import { createCollection } from "@/lib/collections/create-collection";
import { createCollectionBody } from "@/lib/collections/collection-input";
import { listCollections } from "@/lib/collections/list-collections";
import { ownerOf } from "@/lib/collections/owner";

export const GET = api({
  auth: "key-or-session",
  plan: "pro",
  scopes: ["collections:read"],
  handler: async ({ principal }) => listCollections({ owner: ownerOf(principal) }),
});

export const POST = api({
  auth: "key-or-session",
  plan: "pro",
  scopes: ["collections:write"],
  body: createCollectionBody,
  handler: async ({ principal, body }) => Response.json(await createCollection({ owner: ownerOf(principal), input: body }), { status: 201 }),
});
