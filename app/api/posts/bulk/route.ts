// POST /api/posts/bulk – delete, publish or unpublish up to 100 of the caller's posts
//   (`Prefer: return=representation` adds per-item `results`)
import { api } from "@/lib/http/api";
import { applyBulkAction } from "@/lib/posts/apply-bulk-action";
import { bulkPostsSchema } from "@/lib/posts/bulk-input";
import { wantsRepresentation } from "@/lib/http/prefer";

export const runtime = "nodejs";

export const POST = api({
  auth: "key-or-session",
  scopes: ["posts:write"],
  body: bulkPostsSchema,
  handler: async ({ req, principal, body }) => {
    const { affected, results } = await applyBulkAction({ ownerId: principal.userId, input: body });
    return wantsRepresentation(req) ? { success: true, affected, results } : { success: true, affected };
  },
});
