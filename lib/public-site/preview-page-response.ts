// `/preview/<token>` (TEAMS.md "Preview links"): the post a live link names, as it is now (drafts
// included), in the public post page's layout with a "Preview" banner. Never indexed (robots meta
// and X-Robots-Tag), never kept by any cache (the link may be revoked at any moment), and its
// token never leaves in a Referer. Unknown, expired and revoked links are the same 404 page.
// Feeds, the sitemap and search read only published posts, so a preview never reaches them.
import { PRIVATE_CACHE_CONTROL } from "../posts/public-http";
import { readRenderedPost } from "../posts/read-rendered-post";
import { findPreviewedPost } from "../preview-links/find-previewed-post";
import { HTML_CONTENT_TYPE } from "./html";
import { nullIfNotFound } from "./not-found";
import { notFoundPage } from "./not-found-page";
import { postPage } from "./post-page-response";

// Exactly what TEAMS.md names, in the header and the robots meta alike.
export const PREVIEW_ROBOTS = "noindex";

const PREVIEW_HEADERS = {
  "Content-Type": HTML_CONTENT_TYPE,
  "Cache-Control": PRIVATE_CACHE_CONTROL,
  "X-Robots-Tag": PREVIEW_ROBOTS,
  "Referrer-Policy": "no-referrer",
};

export async function previewPageResponse(options: { token: string }): Promise<Response> {
  const link = await findPreviewedPost({ token: options.token });
  const post = link ? await readRenderedPost({ id: link.postId, format: "html", adjacent: { prev: null, next: null } }).catch(nullIfNotFound) : null;
  if (!post) return withPreviewHeaders(notFoundPage());
  return new Response(await postPage(post, "link", PREVIEW_ROBOTS), { headers: PREVIEW_HEADERS });
}

/** The 404 page, kept out of indexes and caches like the preview itself. */
function withPreviewHeaders(response: Response): Response {
  response.headers.set("X-Robots-Tag", PREVIEW_ROBOTS);
  response.headers.set("Referrer-Policy", "no-referrer");
  return response;
}
