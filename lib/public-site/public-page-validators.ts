// Conditional GET for the public pages, answered in proxy.ts before anything renders: a page's
// strong ETag comes from the same one-statement key read as the API's (no post is loaded), so a
// 304 costs what the API's does. Pages can not set their own headers; the proxy sets them on the
// way through. Returns null when the path is not a public page that answers 200 to everyone
// (404s and the owner's preview are decided by the page itself).
import { blogPageHead } from "./load-blog-page";
import { postPageHead } from "./load-post-page";
import type { PublicRoute } from "./public-routes";

/** The page's ETag and the cache tags a change purges it by (lib/cache/cache-tags.ts). */
export async function publicPageEtag(route: PublicRoute): Promise<{ etag: string; cacheTags: readonly string[] } | null> {
  if (route.kind === "post") {
    const head = await postPageHead(route);
    return head ? { etag: head.etag, cacheTags: head.read.cacheTags } : null;
  }
  const head = await blogPageHead(route);
  return head ? { etag: head.etag, cacheTags: head.list.cacheTags } : null;
}
