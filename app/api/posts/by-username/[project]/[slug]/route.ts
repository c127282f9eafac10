// GET /api/posts/by-username/:project/:slug – one post with adjacent, seo and jsonLd (drafts: owner session + includeDrafts=true)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { conditionalJson } from "@/lib/http/conditional-json";
import { publicPost } from "@/lib/posts/public-post";
import { publicPostQuerySchema } from "@/lib/posts/public-read-queries";

export const runtime = "nodejs";

export const GET = api({
  auth: "optional-session",
  rateLimit: "public",
  params: z.object({ project: z.string(), slug: z.string() }),
  query: publicPostQuerySchema,
  handler: async ({ req, params, query, principal }) => {
    const post = await publicPost({
      username: params.project,
      slug: params.slug,
      format: query.format,
      includeDrafts: query.includeDrafts,
      viewer: principal,
    });
    return conditionalJson(req, post);
  },
});
