// GET /api/posts/by-username/:project/:slug – one post with adjacent, seo and jsonLd (drafts: owner session + includeDrafts=true)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { conditionalJson } from "@/lib/http/conditional-json";
import { publicPost } from "@/lib/posts/public-post";
import { publicPostQuerySchema } from "@/lib/posts/public-read-queries";
import { publicPostSchema } from "@/lib/posts/post-response";
import { publicPostExample } from "@/lib/openapi/response-examples";

export const runtime = "nodejs";

export const GET = api({
  auth: "optional-session",
  rateLimit: "public",
  params: z.object({ project: z.string(), slug: z.string() }),
  query: publicPostQuerySchema,
  docs: {
    summary: "Get one public post",
    description: "The post with `adjacent`, `seo` and `jsonLd`. Link-only posts are served to anyone with the slug. `includeDrafts=true` works only for the owner's session. CORS open to any origin.",
    tag: "Public posts",
    conditional: true,
    sdk: 'inkbase.posts.getPublic("alice", "hello", { format: "html" })',
    responses: { 200: { description: "The post.", schema: publicPostSchema, example: publicPostExample } },
    errors: { 404: "`User not found` or `Post not found`." },
  },
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
