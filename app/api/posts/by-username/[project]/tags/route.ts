// GET /api/posts/by-username/:project/tags – tag counts of the project's visible posts
import { z } from "zod";
import { api } from "@/lib/http/api";
import { conditionalJson } from "@/lib/http/conditional-json";
import { PUBLIC_CACHE_CONTROL } from "@/lib/posts/public-http";
import { publicTagCounts } from "@/lib/posts/public-tag-counts";

export const runtime = "nodejs";

export const GET = api({
  auth: "none",
  rateLimit: "public",
  params: z.object({ project: z.string() }),
  handler: async ({ req, params }) => {
    const tags = await publicTagCounts({ username: params.project });
    return conditionalJson(req, { etag: tags.etag, cacheControl: PUBLIC_CACHE_CONTROL, body: tags.body });
  },
});
