// The HTTP side of the feed routes: strong ETag, 304, Cache-Control like the API's public reads.
// A full feed whose ETag this instance has already rendered is sent from the response-body cache
// (lib/http/body-cache.ts): the ETag covers every post, author and tag the feed shows.
import { bodyCacheKey, cachedBody, rememberBody } from "../http/body-cache";
import { etagMatches } from "../http/conditional-json";
import { PUBLIC_CACHE_CONTROL } from "../posts/public-http";
import { blogFeed, FEED_CONTENT_TYPES, type FeedFormat } from "./blog-feed";

export async function feedResponse(req: Request, username: string, format: FeedFormat): Promise<Response> {
  const feed = await blogFeed({ username, format });
  if (!feed) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" } });
  const headers = { ETag: feed.etag, "Cache-Control": PUBLIC_CACHE_CONTROL };
  if (etagMatches(req.headers.get("if-none-match"), feed.etag)) return new Response(null, { status: 304, headers });
  const key = bodyCacheKey(req.url, feed.etag);
  let body = cachedBody(key);
  if (!body) {
    body = new TextEncoder().encode(await feed.body());
    rememberBody(key, body);
  }
  return new Response(body as Uint8Array<ArrayBuffer>, { headers: { ...headers, "Content-Type": FEED_CONTENT_TYPES[format] } });
}
