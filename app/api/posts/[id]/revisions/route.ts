// GET /api/posts/:id/revisions – the post's revisions, newest first: ?page&limit → { data, pageInfo } (posts:read)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { listPostRevisions } from "@/lib/posts/list-post-revisions";
import { revisionListQuerySchema, revisionListSchema } from "@/lib/posts/revision-response";

export const runtime = "nodejs";

export const GET = api({
  auth: "key-or-session",
  action: "project.read",
  scopes: ["posts:read"],
  params: z.object({ id: z.string() }),
  query: revisionListQuerySchema,
  docs: {
    summary: "List a post's revisions",
    description:
      "Newest first. A revision is written on create, publish, unpublish, schedule and restore; edits by the same user or key within 10 minutes are coalesced into one. The newest 50 are kept, plus every `publish` revision of the last 12 months.",
    tag: "Post history",
    sdk: 'inkbase.posts.revisions.list("post-id", { page: 1, limit: 20 })',
    responses: { 200: { description: "One page of revisions.", schema: revisionListSchema } },
    errors: { 404: "`Post not found` (also another user's post)." },
  },
  handler: ({ principal, params, query }) => listPostRevisions({ ownerId: principal.projectId, postId: params.id, page: query.page, limit: query.limit }),
});
