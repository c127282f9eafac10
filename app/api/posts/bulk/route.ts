// POST /api/posts/bulk – delete, publish or unpublish up to 100 of the caller's posts
//   (`Prefer: return=representation` adds per-item `results`)
import { api } from "@/lib/http/api";
import { authorize, notAllowedForRole } from "@/lib/auth/can";
import { postsAllowed } from "@/lib/posts/authorize-post-action";
import { requireVerifiedEmail } from "@/lib/auth/require-verified-email";
import { applyBulkAction } from "@/lib/posts/apply-bulk-action";
import { bulkPostsSchema } from "@/lib/posts/bulk-input";
import { revisionActorOf } from "@/lib/posts/revision-actor";
import { wantsRepresentation } from "@/lib/http/prefer";
import { bulkPostsResponseSchema } from "@/lib/posts/post-response";
import { z } from "zod";

export const runtime = "nodejs";

export const POST = api({
  auth: "key-or-session",
  action: "posts.edit",
  scopes: ["posts:write"],
  body: bulkPostsSchema,
  docs: {
    summary: "Bulk delete, publish or unpublish",
    description: "1 to 100 ids; ids not owned are skipped. Fires no webhooks. `Prefer: return=representation` adds per-item `results`.",
    tag: "Posts",
    sdk: 'inkbase.posts.bulk({ ids: ["a", "b"], action: "publish" })',
    requestHeaders: z.object({ prefer: z.literal("return=representation").optional() }),
    responses: { 200: { description: "How many posts the action applied to.", schema: bulkPostsResponseSchema } },
    errors: { 403: "`Verify your email address first`: publishing from an unverified account", 404: "`Post not found`: none of the ids is yours." },
  },
  handler: async ({ req, principal, body }) => {
    if (body.action === "publish") requireVerifiedEmail(principal);
    // Ids the caller's role may not act on are skipped like ids not owned (TEAMS.md "Own post").
    const action = body.action === "delete" ? "posts.delete" : "posts.publish";
    authorize(principal, action);
    const ids = await postsAllowed(principal, body.ids, action);
    if (ids.length === 0) throw notAllowedForRole(principal.role);
    const { affected, results } = await applyBulkAction({ ownerId: principal.projectId, input: { ...body, ids }, actor: revisionActorOf(principal) });
    return wantsRepresentation(req) ? { success: true, affected, results } : { success: true, affected };
  },
});
