// /<username> and /<username>/tags/<tag> as responses: one page of the blog (10 posts) with its
// strong ETag, 304 and the body cache (the ETag comes from the list's one key statement; posts
// are loaded and rendered only on a miss), or the 404 page.
import { conditionalBody } from "../http/conditional-json";
import { publicCacheControl } from "../posts/public-http";
import { blogShell } from "./views/blog-shell";
import { postList } from "./views/post-list";
import { html, HTML_CONTENT_TYPE } from "./html";
import { blogMetadata } from "./blog-metadata";
import { blogPageData, blogPageHead, type BlogPage } from "./load-blog-page";
import { notFoundPage } from "./not-found-page";
import { pageDocument } from "./page-document";
import { parsePageParam } from "./public-routes";

function blogPage(blog: BlogPage): string {
  const username = blog.owner.username;
  const heading = blog.tag ? `Posts tagged “${blog.tag.name}”` : blog.page > 1 ? `${blog.name} – page ${blog.page}` : blog.name;
  const basePath = blog.tag ? `/${username}/tags/${encodeURIComponent(blog.tag.slug)}` : `/${username}`;
  const content = html`<h1 class="page-title">${heading}</h1>${postList(blog, basePath)}`;
  return pageDocument(blogMetadata(blog), blogShell({ username, name: blog.name, content }));
}

export async function blogPageResponse(req: Request, options: { username: string; tag?: string }): Promise<Response> {
  // `?page=` given twice is no page, as for any value but a positive integer.
  const pages = new URL(req.url).searchParams.getAll("page");
  const page = parsePageParam(pages.length > 1 ? pages : pages[0]);
  const head = page === null ? null : await blogPageHead({ username: options.username, page, tag: options.tag });
  if (!head || page === null) return notFoundPage();
  return conditionalBody(req, {
    etag: head.etag,
    cacheControl: publicCacheControl(),
    cacheTags: head.list.cacheTags,
    contentType: HTML_CONTENT_TYPE,
    body: async () => blogPage(await blogPageData(head, { page, tag: options.tag })),
  });
}
