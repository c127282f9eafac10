// GET /api/posts/mine – every post of the caller, drafts included, raw Tiptap content
import { api } from "@/lib/http/api";
import { listOwnerPosts } from "@/lib/posts/list-owner-posts";

export const runtime = "nodejs";

export const GET = api({
  auth: "key-or-session",
  scopes: ["posts:read"],
  handler: ({ principal }) => listOwnerPosts({ ownerId: principal.userId }),
});
