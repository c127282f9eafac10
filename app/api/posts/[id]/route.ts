// GET /api/posts/:id – one of the caller's posts (owner view), in any format, with its revision ETag
// PATCH /api/posts/:id – update, publish or unpublish; honours If-Match (412 when the post changed)
// DELETE /api/posts/:id – delete
import { z } from "zod";
import { api } from "@/lib/http/api";
import { approvedRevisionGuard } from "@/lib/reviews/require-approved-revision";
import { authorizePostActions, publishesSomething } from "@/lib/posts/authorize-post-action";
import { requireVerifiedEmail } from "@/lib/auth/require-verified-email";
import { deletePost } from "@/lib/posts/delete-post";
import { getOwnerPost } from "@/lib/posts/get-owner-post";
import { updatePostSchema } from "@/lib/posts/post-input";
import { postRevisionEtag } from "@/lib/posts/post-revision";
import { revisionActorOf } from "@/lib/posts/revision-actor";
import { formatQuerySchema } from "@/lib/posts/public-read-queries";
import { updatePost } from "@/lib/posts/update-post";
import { ownerPostSchema } from "@/lib/posts/post-response";
import { preconditionFailedSchema } from "@/lib/openapi/error-schemas";
import { ownerPostExample } from "@/lib/openapi/response-examples";
import { successSchema } from "@/lib/openapi/shared-schemas";

export const runtime = "nodejs";

const params = z.object({ id: z.string() });

export const GET = api({
  auth: "key-or-session",
  action: "project.read",
  scopes: ["posts:read"],
  params,
  query: formatQuerySchema,
  docs: {
    summary: "Get one of my posts",
    description: "The owner's view in any format, with an `ETag` to send back as `If-Match` on PATCH.",
    tag: "Posts",
    sdk: 'inkbase.posts.get("post-id", { format: "html" })',
    responses: { 200: { description: "The post, with `createdBy`.", schema: ownerPostSchema, example: ownerPostExample } },
    errors: { 404: "`Post not found` (also another user's post)." },
  },
  handler: async ({ principal, params, query }) => {
    const post = await getOwnerPost({ ownerId: principal.projectId, id: params.id, format: query.format });
    // The owner's view changes with every edit: revalidate each time, never share it.
    return Response.json(post, { headers: { ETag: postRevisionEtag(post.updatedAt), "Cache-Control": "private, no-cache" } });
  },
});

export const PATCH = api({
  auth: "key-or-session",
  action: "posts.edit",
  scopes: ["posts:write"],
  params,
  body: updatePostSchema,
  docs: {
    summary: "Update, publish or unpublish a post",
    description: "Send only what changes; `tagNames` and `coauthors` replace the sets. With `If-Match` (the ETag of GET), a post changed since answers 412.",
    tag: "Posts",
    sdk: 'inkbase.posts.update("post-id", { title: "New title" })',
    requestHeaders: z.object({ "if-match": z.string().optional().meta({ description: "The post's ETag from GET /api/posts/{id}." }) }),
    responses: { 200: { description: "Updated; the new `ETag` is in the headers.", schema: successSchema } },
    errors: { 400: "Invalid input, or a reserved slug.", 403: "`Verify your email address first`: publishing or scheduling from an unverified account; `Review required`: an author publishing without an approval of the current revision where the project requires review", 404: "`Post not found`.", 409: "`Slug already used`.", 412: { description: "`precondition_failed`: the post changed since that ETag; `current` is the post now.", schema: preconditionFailedSchema } },
  },
  handler: async ({ req, principal, params, body }) => {
    await authorizePostActions(principal, params.id, publishesSomething(body) ? ["posts.edit", "posts.publish"] : ["posts.edit"]);
    if (body.status === "published") requireVerifiedEmail(principal);
    // TEAMS.md ¹: an author publishes only an approved revision where the project requires review,
    // checked under the update's lock on the post so that no edit lands between check and publish.
    const publishing = body.status === "published" || body.publishedAt !== undefined;
    const { updatedAt } = await updatePost({
      owner: { id: principal.projectId, username: principal.projectUsername },
      id: params.id,
      input: body,
      ifMatch: req.headers.get("if-match"),
      actor: revisionActorOf(principal),
      guard: publishing ? approvedRevisionGuard(principal, params.id, body) : undefined,
    });
    return Response.json({ success: true }, { headers: { ETag: postRevisionEtag(updatedAt) } });
  },
});

export const DELETE = api({
  auth: "key-or-session",
  action: "posts.delete",
  scopes: ["posts:delete"],
  params,
  docs: {
    summary: "Delete a post",
    tag: "Posts",
    sdk: 'inkbase.posts.delete("post-id")',
    responses: { 200: { description: "Deleted.", schema: successSchema } },
    errors: { 404: "`Post not found`." },
  },
  handler: async ({ principal, params }) => {
    await authorizePostActions(principal, params.id, ["posts.delete"]);
    await deletePost({ ownerId: principal.projectId, id: params.id });
    return { success: true };
  },
});
