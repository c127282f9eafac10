// GET /api/posts/mine – every post of the caller, drafts included, raw Tiptap content
import { api } from "@/lib/http/api";
import { listOwnerPosts } from "@/lib/posts/list-owner-posts";
import { postSchema } from "@/lib/posts/post-response";
import { z } from "zod";

export const runtime = "nodejs";

export const GET = api({
  auth: "key-or-session",
  action: "project.read",
  scopes: ["posts:read"],
  docs: {
    summary: "List my posts",
    description: "Every post of the caller, drafts included, unpaginated, always raw Tiptap content.",
    tag: "Posts",
    sdk: "inkbase.posts.mine()",
    responses: { 200: { description: "The caller's posts.", schema: z.array(postSchema) } },
  },
  handler: ({ principal }) => listOwnerPosts({ ownerId: principal.projectId }),
});
