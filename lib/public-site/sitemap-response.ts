import { etagMatches } from "../http/conditional-json";
import { PUBLIC_CACHE_CONTROL } from "../posts/public-http";
import { sitemap } from "./sitemap";

/** The sitemap routes' HTTP side: strong ETag, 304, the public Cache-Control. */
export async function sitemapResponse(req: Request, part: number | null): Promise<Response> {
  const map = await sitemap({ part });
  if (!map) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" } });
  const headers = { ETag: map.etag, "Cache-Control": PUBLIC_CACHE_CONTROL };
  if (etagMatches(req.headers.get("if-none-match"), map.etag)) return new Response(null, { status: 304, headers });
  return new Response(await map.body(), { headers: { ...headers, "Content-Type": "application/xml; charset=utf-8" } });
}
