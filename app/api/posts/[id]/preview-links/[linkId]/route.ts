// DELETE /api/posts/:id/preview-links/:linkId – revoke a preview link → 204; it answers 404 at once (posts:write)
import { api } from "@/lib/http/api";
import { revokePreviewLink } from "@/lib/preview-links/revoke-preview-link";
import { previewLinkItemParamsSchema } from "@/lib/preview-links/preview-link-input";

export const runtime = "nodejs";

export const DELETE = api({
  auth: "key-or-session",
  scopes: ["posts:write"],
  action: "posts.edit",
  params: previewLinkItemParamsSchema,
  docs: {
    summary: "Revoke a preview link",
    description: "The link answers 404 from the next request on.",
    tag: "Preview links",
    sdk: 'inkbase.posts.previewLinks.revoke("post-id", "link-id")',
    responses: { 204: { description: "Revoked." } },
    errors: { 404: "`Post not found`, or `Preview link not found` (also one already revoked)." },
  },
  handler: async ({ principal, params }) => {
    await revokePreviewLink({ principal, postId: params.id, linkId: params.linkId });
    return new Response(null, { status: 204 });
  },
});
