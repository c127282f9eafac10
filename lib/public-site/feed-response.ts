// The HTTP side of the feed routes: strong ETag, 304, Cache-Control like the API's public reads,
// and the full feed from the response-body cache when this instance has rendered its ETag (the
// ETag covers every post, author and tag the feed shows).
import { conditionalBody } from "../http/conditional-json";
import { publicCacheControl } from "../posts/public-http";
import { blogFeed, FEED_CONTENT_TYPES, type FeedFormat } from "./blog-feed";
import { notFoundText } from "./not-found";

export async function feedResponse(req: Request, username: string, format: FeedFormat): Promise<Response> {
  const feed = await blogFeed({ username, format });
  if (!feed) return notFoundText();
  return conditionalBody(req, { etag: feed.etag, cacheControl: publicCacheControl(), contentType: FEED_CONTENT_TYPES[format], body: feed.body, cacheTags: feed.cacheTags });
}
