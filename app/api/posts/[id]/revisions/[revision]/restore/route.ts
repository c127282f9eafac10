// POST /api/posts/:id/revisions/:revision/restore – copy the revision back onto the post; honours If-Match (posts:write)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { authorizePostActions } from "@/lib/posts/authorize-post-action";
import { preconditionFailedSchema } from "@/lib/openapi/error-schemas";
import { postRevisionEtag } from "@/lib/posts/post-revision";
import { postSchema } from "@/lib/posts/post-response";
import { restorePostRevision } from "@/lib/posts/restore-post-revision";
import { revisionActorOf } from "@/lib/posts/revision-actor";
import { revisionParamsSchema } from "@/lib/posts/revision-response";

export const runtime = "nodejs";

export const POST = api({
  auth: "key-or-session",
  action: "posts.edit",
  scopes: ["posts:write"],
  params: revisionParamsSchema,
  docs: {
    summary: "Restore a post revision",
    description:
      "Copies the revision's editable fields onto the post; `status` and `publishedAt` stay as they are. Writes a `restore` revision (the state before stays in the history) and fires `post.updated`. With `If-Match` (the post's ETag), a post changed since answers 412.",
    tag: "Post history",
    sdk: 'inkbase.posts.revisions.restore("post-id", 12, { ifMatch: (await inkbase.posts.getWithEtag("post-id")).etag })',
    requestHeaders: z.object({ "if-match": z.string().optional().meta({ description: "The post's ETag from GET /api/posts/{id}." }) }),
    responses: { 200: { description: "The post after the restore (tiptap); its new `ETag` is in the headers.", schema: postSchema } },
    errors: {
      404: "`Post not found`, or `Revision not found`.",
      409: "`Slug already used`: another post has taken the revision's slug since.",
      412: { description: "`precondition_failed`: the post changed since that ETag; `current` is the post now.", schema: preconditionFailedSchema },
    },
  },
  handler: async ({ req, principal, params }) => {
    // A restore may bring back another status or visibility: it needs both rights.
    await authorizePostActions(principal, params.id, ["posts.edit", "posts.publish"]);
    const { post } = await restorePostRevision({
      owner: { id: principal.projectId, username: principal.projectUsername },
      postId: params.id,
      revision: params.revision,
      actor: revisionActorOf(principal),
      ifMatch: req.headers.get("if-match"),
    });
    return Response.json(post, { headers: { ETag: postRevisionEtag(post.updatedAt), "Cache-Control": "no-store" } });
  },
});
