// GET /api/posts/by-username/:project/search?q= – substring search over title and excerpt (no ETag)
import { z } from "zod";
import { projectTag } from "@/lib/cache/cache-tags";
import { api } from "@/lib/http/api";
import { conditionalJson } from "@/lib/http/conditional-json";
import { SEARCH_CACHE_CONTROL } from "@/lib/posts/public-http";
import { publicSearchQuerySchema } from "@/lib/posts/public-read-queries";
import { searchPublicPosts } from "@/lib/posts/search-public-posts";
import { postSchema } from "@/lib/posts/post-response";

export const runtime = "nodejs";

export const GET = api({
  auth: "none",
  rateLimit: "public",
  params: z.object({ project: z.string() }),
  query: publicSearchQuerySchema,
  docs: {
    summary: "Search a project's public posts",
    description: "Substring match over title and excerpt, newest first, cached 60 s, no ETag. CORS open to any origin.",
    tag: "Public posts",
    sdk: 'inkbase.posts.search("alice", "tiptap")',
    responses: { 200: { description: "Matching posts.", schema: z.array(postSchema) } },
    errors: { 404: "`User not found`." },
  },
  handler: async ({ req, params, query }) => {
    const cacheTags: string[] = [];
    const posts = await searchPublicPosts({ username: params.project, q: query.q, format: query.format, onProject: (id) => cacheTags.push(projectTag(id)) });
    return conditionalJson(req, { etag: null, cacheControl: SEARCH_CACHE_CONTROL, body: () => posts, cacheTags });
  },
});
