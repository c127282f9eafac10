// POST /api/posts – create a post (201 { id })
import { api } from "@/lib/http/api";
import { createPost } from "@/lib/posts/create-post";
import { createPostSchema } from "@/lib/posts/post-input";
import { revisionActorOf } from "@/lib/posts/revision-actor";
import { createdPostSchema } from "@/lib/posts/post-response";
import { requireVerifiedEmail } from "@/lib/auth/require-verified-email";

export const runtime = "nodejs";

export const POST = api({
  auth: "key-or-session",
  scopes: ["posts:write"],
  body: createPostSchema,
  docs: {
    summary: "Create a post",
    description: "`status: published` with no `publishedAt` (or one within 5 minutes) publishes now; a later `publishedAt` schedules it.",
    tag: "Posts",
    sdk: 'inkbase.posts.create({ title: "Hello", slug: "hello", status: "published" })',
    responses: { 201: { description: "Created.", schema: createdPostSchema } },
    errors: { 400: "Invalid input, or `This slug is reserved and cannot be used`.", 403: "`Verify your email address first`: publishing or scheduling from an unverified account", 409: "`Slug already used`." },
  },
  handler: async ({ principal, body }) => {
    if (body.status === "published") requireVerifiedEmail(principal);
    return Response.json(await createPost({ owner: { id: principal.projectId, username: principal.projectUsername }, input: body, actor: revisionActorOf(principal) }), { status: 201 });
  },
});
