import { conditionalBody } from "../http/conditional-json";
import { SITEMAP_TAG } from "../cache/cache-tags";
import { publicCacheControl } from "../posts/public-http";
import { notFoundText } from "./not-found";
import { sitemap } from "./sitemap";

/** The sitemap routes' HTTP side: strong ETag, 304, the public Cache-Control, the body cache. */
export async function sitemapResponse(req: Request, part: number | null): Promise<Response> {
  const map = await sitemap({ part });
  if (!map) return notFoundText();
  return conditionalBody(req, { etag: map.etag, cacheControl: publicCacheControl(), contentType: "application/xml; charset=utf-8", body: map.body, cacheTags: [SITEMAP_TAG] });
}
