// POST /api/posts – create a post (201 { id })
import { api } from "@/lib/http/api";
import { createPost } from "@/lib/posts/create-post";
import { createPostSchema } from "@/lib/posts/post-input";
import { revisionActorOf } from "@/lib/posts/revision-actor";
import { createdPostSchema } from "@/lib/posts/post-response";
import { requireVerifiedEmail } from "@/lib/auth/require-verified-email";
import { authorize } from "@/lib/auth/can";

export const runtime = "nodejs";

export const POST = api({
  auth: "key-or-session",
  action: "posts.create",
  scopes: ["posts:write"],
  body: createPostSchema,
  docs: {
    summary: "Create a post",
    description: "`status: published` with no `publishedAt` (or one within 5 minutes) publishes now; a later `publishedAt` schedules it.",
    tag: "Posts",
    sdk: 'inkbase.posts.create({ title: "Hello", slug: "hello", status: "published" })',
    responses: { 201: { description: "Created.", schema: createdPostSchema } },
    errors: { 400: "Invalid input, or `This slug is reserved and cannot be used`.", 403: "`Verify your email address first`: publishing or scheduling from an unverified account; `Not allowed for your role` (TEAMS.md).", 409: "`Slug already used`." },
  },
  handler: async ({ principal, body }) => {
    if (body.status === "published") {
      // The new post will be the caller's own: authors may publish it, contributors request review.
      authorize(principal, "posts.publish", { createdById: principal.actorId });
      requireVerifiedEmail(principal);
    }
    const created = await createPost({
      owner: { id: principal.projectId, username: principal.projectUsername },
      input: body,
      actor: revisionActorOf(principal),
      createdById: principal.keyKind === "project" ? null : principal.actorId,
    });
    return Response.json(created, { status: 201 });
  },
});
