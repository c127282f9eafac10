// GET /api/posts/:id – one of the caller's posts (owner view), in any format, with its revision ETag
// PATCH /api/posts/:id – update, publish or unpublish; honours If-Match (412 when the post changed)
// DELETE /api/posts/:id – delete
import { z } from "zod";
import { api } from "@/lib/http/api";
import { deletePost } from "@/lib/posts/delete-post";
import { getOwnerPost } from "@/lib/posts/get-owner-post";
import { updatePostSchema } from "@/lib/posts/post-input";
import { postRevisionEtag } from "@/lib/posts/post-revision";
import { formatQuerySchema } from "@/lib/posts/public-read-queries";
import { updatePost } from "@/lib/posts/update-post";

export const runtime = "nodejs";

const params = z.object({ id: z.string() });

export const GET = api({
  auth: "key-or-session",
  scopes: ["posts:read"],
  params,
  query: formatQuerySchema,
  handler: async ({ principal, params, query }) => {
    const post = await getOwnerPost({ ownerId: principal.userId, id: params.id, format: query.format });
    // The owner's view changes with every edit: revalidate each time, never share it.
    return Response.json(post, { headers: { ETag: postRevisionEtag(post.updatedAt), "Cache-Control": "private, no-cache" } });
  },
});

export const PATCH = api({
  auth: "key-or-session",
  scopes: ["posts:write"],
  params,
  body: updatePostSchema,
  handler: async ({ req, principal, params, body }) => {
    const { updatedAt } = await updatePost({
      owner: { id: principal.userId, username: principal.username },
      id: params.id,
      input: body,
      ifMatch: req.headers.get("if-match"),
    });
    return Response.json({ success: true }, { headers: { ETag: postRevisionEtag(updatedAt) } });
  },
});

export const DELETE = api({
  auth: "key-or-session",
  scopes: ["posts:delete"],
  params,
  handler: async ({ principal, params }) => {
    await deletePost({ ownerId: principal.userId, id: params.id });
    return { success: true };
  },
});
