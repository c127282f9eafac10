// POST /api/posts/bulk – delete, publish or unpublish up to 100 of the caller's posts
import { api } from "@/lib/http/api";
import { applyBulkAction } from "@/lib/posts/apply-bulk-action";
import { bulkPostsSchema } from "@/lib/posts/bulk-input";

export const runtime = "nodejs";

export const POST = api({
  auth: "key-or-session",
  scopes: ["posts:write"],
  body: bulkPostsSchema,
  handler: async ({ principal, body }) => ({ success: true, ...(await applyBulkAction({ ownerId: principal.userId, input: body })) }),
});
