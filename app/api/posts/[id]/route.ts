// GET /api/posts/:id – one of the caller's posts (owner view), in any format
// PATCH /api/posts/:id – update, publish or unpublish
// DELETE /api/posts/:id – delete
import { z } from "zod";
import { api } from "@/lib/http/api";
import { deletePost } from "@/lib/posts/delete-post";
import { getOwnerPost } from "@/lib/posts/get-owner-post";
import { updatePostSchema } from "@/lib/posts/post-input";
import { formatQuerySchema } from "@/lib/posts/public-read-queries";
import { updatePost } from "@/lib/posts/update-post";

export const runtime = "nodejs";

const params = z.object({ id: z.string() });

export const GET = api({
  auth: "key-or-session",
  scopes: ["posts:read"],
  params,
  query: formatQuerySchema,
  handler: ({ principal, params, query }) => getOwnerPost({ ownerId: principal.userId, id: params.id, format: query.format }),
});

export const PATCH = api({
  auth: "key-or-session",
  scopes: ["posts:write"],
  params,
  body: updatePostSchema,
  handler: async ({ principal, params, body }) => {
    await updatePost({ owner: { id: principal.userId, username: principal.username }, id: params.id, input: body });
    return { success: true };
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
