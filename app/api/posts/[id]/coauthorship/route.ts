// PUT /api/posts/:id/coauthorship – a user co-author chooses whether the post shows on their own blog
import { z } from "zod";
import { api } from "@/lib/http/api";
import { setCoauthorShowOnBlog } from "@/lib/posts/set-coauthor-show-on-blog";
import { coauthorshipResponseSchema } from "@/lib/posts/post-response";

export const runtime = "nodejs";

export const PUT = api({
  auth: "key-or-session",
  action: "project.read",
  scopes: ["posts:write"],
  params: z.object({ id: z.string() }),
  body: z.strictObject({ showOnBlog: z.boolean() }),
  docs: {
    summary: "Show a co-authored post on my blog",
    description: "A user co-author chooses whether the post appears in their own public list.",
    tag: "Posts",
    sdk: 'inkbase.posts.setShowOnBlog("post-id", true)',
    responses: { 200: { description: "The choice as stored.", schema: coauthorshipResponseSchema } },
    errors: { 404: "`Post not found`: not a post you co-author." },
  },
  handler: async ({ principal, params, body }) => {
    await setCoauthorShowOnBlog({ userId: principal.actorId, postId: params.id, show: body.showOnBlog });
    return { id: params.id, showOnBlog: body.showOnBlog };
  },
});
