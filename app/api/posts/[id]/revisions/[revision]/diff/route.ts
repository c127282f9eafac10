// GET /api/posts/:id/revisions/:revision/diff – what changed since the revision: ?against=current|<n> (posts:read)
import { api } from "@/lib/http/api";
import { diffPostRevision } from "@/lib/posts/diff-post-revision";
import { revisionDiffQuerySchema, revisionDiffSchema, revisionParamsSchema } from "@/lib/posts/revision-response";

export const runtime = "nodejs";

export const GET = api({
  auth: "key-or-session",
  action: "project.read",
  scopes: ["posts:read"],
  params: revisionParamsSchema,
  query: revisionDiffQuerySchema,
  docs: {
    summary: "Diff a post revision",
    description:
      "The fields that differ between the revision (`before`) and the post now or another revision (`after`). For `content`, `blocks` lists the changed top-level blocks (paragraphs, headings, list items…) with their text on each side: a reordered block is removed where it was and added where it is.",
    tag: "Post history",
    sdk: 'inkbase.posts.revisions.diff("post-id", 12, { against: "current" })',
    responses: { 200: { description: "The changes.", schema: revisionDiffSchema } },
    errors: { 404: "`Post not found`, or `Revision not found` (either side)." },
  },
  handler: ({ principal, params, query }) =>
    diffPostRevision({ ownerId: principal.projectId, postId: params.id, revision: params.revision, against: query.against }),
});
