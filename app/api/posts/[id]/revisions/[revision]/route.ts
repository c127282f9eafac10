// GET /api/posts/:id/revisions/:revision – one revision's whole snapshot, ?format=tiptap|html|markdown (posts:read)
import { api } from "@/lib/http/api";
import { getPostRevision } from "@/lib/posts/get-post-revision";
import { postRevisionSchema, revisionParamsSchema, revisionQuerySchema } from "@/lib/posts/revision-response";

export const runtime = "nodejs";

export const GET = api({
  auth: "key-or-session",
  action: "project.read",
  scopes: ["posts:read"],
  params: revisionParamsSchema,
  query: revisionQuerySchema,
  docs: {
    summary: "Get a post revision",
    description: "Every field the revision kept, `content` always as Tiptap, plus `rendered` in the asked-for format like a post read.",
    tag: "Post history",
    sdk: 'inkbase.posts.revisions.get("post-id", 12, { format: "html" })',
    responses: { 200: { description: "The revision.", schema: postRevisionSchema } },
    errors: { 404: "`Post not found`, or `Revision not found` (never written, or pruned)." },
  },
  handler: async ({ principal, params, query }) => {
    const revision = await getPostRevision({ ownerId: principal.projectId, postId: params.id, revision: params.revision, format: query.format });
    return Response.json(revision, { headers: { "Cache-Control": "private, no-cache" } });
  },
});
