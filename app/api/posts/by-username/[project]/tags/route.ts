// GET /api/posts/by-username/:project/tags – tag counts of the project's visible posts
import { z } from "zod";
import { api } from "@/lib/http/api";
import { conditionalJson } from "@/lib/http/conditional-json";
import { publicCacheControl } from "@/lib/posts/public-http";
import { publicTagCounts } from "@/lib/posts/public-tag-counts";
import { tagCountSchema } from "@/lib/posts/post-response";
import { tagsExample } from "@/lib/openapi/response-examples";

export const runtime = "nodejs";

export const GET = api({
  auth: "none",
  rateLimit: "public",
  params: z.object({ project: z.string() }),
  docs: {
    summary: "Tag counts of a project",
    description: "Sorted by count, then name. CORS open to any origin.",
    tag: "Public posts",
    conditional: true,
    sdk: 'inkbase.posts.tags("alice")',
    responses: { 200: { description: "Tag counts.", schema: z.array(tagCountSchema), example: tagsExample } },
    errors: { 404: "`User not found`." },
  },
  handler: async ({ req, params }) => {
    const tags = await publicTagCounts({ username: params.project });
    return conditionalJson(req, { etag: tags.etag, cacheControl: publicCacheControl(), body: tags.body, cacheTags: tags.cacheTags });
  },
});
