// PUT /api/posts/:id/coauthorship – a user co-author chooses whether the post shows on their own blog
import { z } from "zod";
import { api } from "@/lib/http/api";
import { setCoauthorShowOnBlog } from "@/lib/posts/set-coauthor-show-on-blog";

export const runtime = "nodejs";

export const PUT = api({
  auth: "key-or-session",
  scopes: ["posts:write"],
  params: z.object({ id: z.string() }),
  body: z.strictObject({ showOnBlog: z.boolean() }),
  handler: async ({ principal, params, body }) => {
    await setCoauthorShowOnBlog({ userId: principal.userId, postId: params.id, show: body.showOnBlog });
    return { id: params.id, showOnBlog: body.showOnBlog };
  },
});
