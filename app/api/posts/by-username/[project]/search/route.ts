// GET /api/posts/by-username/:project/search?q= – substring search over title and excerpt (no ETag)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { conditionalJson } from "@/lib/http/conditional-json";
import { SEARCH_CACHE_CONTROL } from "@/lib/posts/public-http";
import { publicSearchQuerySchema } from "@/lib/posts/public-read-queries";
import { searchPublicPosts } from "@/lib/posts/search-public-posts";

export const runtime = "nodejs";

export const GET = api({
  auth: "none",
  rateLimit: "public",
  params: z.object({ project: z.string() }),
  query: publicSearchQuerySchema,
  handler: async ({ req, params, query }) => {
    const posts = await searchPublicPosts({ username: params.project, q: query.q, format: query.format });
    return conditionalJson(req, { etag: null, cacheControl: SEARCH_CACHE_CONTROL, body: () => posts });
  },
});
