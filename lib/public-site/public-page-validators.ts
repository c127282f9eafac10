// Conditional GET for the public pages, answered in proxy.ts before anything renders: a page's
// strong ETag comes from the same one-statement key read as the API's (no post is loaded), so a
// 304 costs what the API's does. Pages can not set their own headers; the proxy sets them on the
// way through. Returns null when the path is not a public page that answers 200 to everyone
// (404s and the owner's preview are decided by the page itself).
import { blogPageHead } from "./load-blog-page";
import { postPageHead } from "./load-post-page";
import type { PublicRoute } from "./public-routes";

export async function publicPageEtag(route: PublicRoute): Promise<string | null> {
  if (route.kind === "post") return (await postPageHead(route))?.etag ?? null;
  return (await blogPageHead(route))?.etag ?? null;
}
