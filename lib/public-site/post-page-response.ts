// /<username>/<slug> as a response: the public post page with its strong ETag, 304 and the body
// cache (the ETag is the API read's keys, one statement; the post is loaded and rendered only on a
// miss); the owner's draft preview, private and uncached; or the 404 page.
import { conditionalBody } from "../http/conditional-json";
import { postUrl } from "../posts/post-event-data";
import { PRIVATE_CACHE_CONTROL, PUBLIC_CACHE_CONTROL } from "../posts/public-http";
import { blogShell } from "@/components/blog/blog-shell";
import { coverPreloadUrl } from "@/components/blog/cover-image";
import { postArticle } from "@/components/blog/post-article";
import { HTML_CONTENT_TYPE } from "./html";
import { ownerPreview, postPageHead, type PostPageData } from "./load-post-page";
import { notFoundPage } from "./not-found-page";
import { pageDocument } from "./page-document";
import { postMetadata } from "./post-metadata";

function postPage(post: PostPageData, preview: boolean): string {
  const username = post.user.username;
  const blogName = post.seo.openGraph.siteName;
  const head = postMetadata({ seo: post.seo, generatedImageUrl: `${postUrl(username, post.slug)}/og-image`, username, blogName });
  return pageDocument(
    { ...head, preloadImage: coverPreloadUrl(post.coverImage), jsonLd: post.jsonLd },
    blogShell({ username, name: blogName, content: postArticle(post, preview) }),
  );
}

export async function postPageResponse(req: Request, options: { username: string; slug: string }): Promise<Response> {
  const head = await postPageHead(options);
  if (head) {
    return conditionalBody(req, {
      etag: head.etag,
      cacheControl: PUBLIC_CACHE_CONTROL,
      contentType: HTML_CONTENT_TYPE,
      body: async () => postPage(await head.read.body(), false),
    });
  }
  const draft = await ownerPreview({ ...options, signedIn: req.headers.has("cookie") });
  if (!draft) return notFoundPage();
  return new Response(postPage(draft, true), { headers: { "Content-Type": HTML_CONTENT_TYPE, "Cache-Control": PRIVATE_CACHE_CONTROL } });
}
