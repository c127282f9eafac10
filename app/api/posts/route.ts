// POST /api/posts – create a post (201 { id })
import { api } from "@/lib/http/api";
import { createPost } from "@/lib/posts/create-post";
import { createPostSchema } from "@/lib/posts/post-input";

export const runtime = "nodejs";

export const POST = api({
  auth: "key-or-session",
  scopes: ["posts:write"],
  body: createPostSchema,
  handler: async ({ principal, body }) =>
    Response.json(await createPost({ owner: { id: principal.userId, username: principal.username }, input: body }), { status: 201 }),
});
