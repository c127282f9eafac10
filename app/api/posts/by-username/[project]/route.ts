// GET /api/posts/by-username/:project – the project's public posts (bare array, or envelope with page/perPage)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { conditionalJson } from "@/lib/http/conditional-json";
import { publicCacheControl } from "@/lib/posts/public-http";
import { publicPostList } from "@/lib/posts/public-post-list";
import { publicListQuerySchema } from "@/lib/posts/public-read-queries";
import { postListSchema } from "@/lib/posts/post-response";

export const runtime = "nodejs";

export const GET = api({
  auth: "none",
  rateLimit: "public",
  params: z.object({ project: z.string() }),
  query: publicListQuerySchema,
  docs: {
    summary: "List a project's public posts",
    description: "A bare array without `page`/`perPage`, the envelope with either. No credentials; CORS open to any origin.",
    tag: "Public posts",
    conditional: true,
    sdk: 'inkbase.posts.list("alice", { page: 1, perPage: 10 })',
    responses: { 200: { description: "The posts, newest first by default.", schema: postListSchema } },
    errors: { 404: "`User not found`." },
  },
  handler: async ({ req, params, query }) => {
    const list = await publicPostList({ username: params.project, query });
    return conditionalJson(req, { etag: list.etag, cacheControl: publicCacheControl(), body: list.body, cacheTags: list.cacheTags });
  },
});
