// /<username>/<slug> as a response: the public post page with its strong ETag, 304 and the body
// cache (the ETag is the API read's keys, one statement; the post is loaded and rendered only on a
// miss); the owner's draft preview, private and uncached; or the 404 page.
import { conditionalBody } from "../http/conditional-json";
import { postUrl } from "../posts/post-event-data";
import { PRIVATE_CACHE_CONTROL, publicCacheControl } from "../posts/public-http";
import { blogShell } from "./views/blog-shell";
import { coverPreload } from "./views/cover-image";
import { postArticle, type PreviewKind } from "./views/post-article";
import { HTML_CONTENT_TYPE } from "./html";
import { ownerPreview, postCover, postPageHead, type PostPageData } from "./load-post-page";
import { notFoundPage } from "./not-found-page";
import { pageDocument } from "./page-document";
import { postMetadata } from "./post-metadata";

export async function postPage(post: PostPageData, preview: PreviewKind | null, robots?: string): Promise<string> {
  const username = post.user.username;
  const blogName = post.seo.openGraph.siteName;
  const metadata = postMetadata({ seo: post.seo, generatedImageUrl: `${postUrl(username, post.slug)}/og-image`, username, blogName });
  const head = robots ? { ...metadata, robots } : metadata;
  const cover = await postCover(post);
  return pageDocument(
    { ...head, preloadImage: coverPreload(post.coverImage, cover), jsonLd: post.jsonLd },
    blogShell({ username, name: blogName, content: postArticle(post, preview, cover) }),
  );
}

export async function postPageResponse(req: Request, options: { username: string; slug: string }): Promise<Response> {
  const head = await postPageHead(options);
  if (head) {
    return conditionalBody(req, {
      etag: head.etag,
      cacheControl: publicCacheControl(),
      cacheTags: head.read.cacheTags,
      contentType: HTML_CONTENT_TYPE,
      body: async () => postPage(await head.read.body(), null),
    });
  }
  const draft = await ownerPreview({ ...options, signedIn: req.headers.has("cookie") });
  if (!draft) return notFoundPage();
  return new Response(await postPage(draft, "owner"), { headers: { "Content-Type": HTML_CONTENT_TYPE, "Cache-Control": PRIVATE_CACHE_CONTROL } });
}
