import { html, type Html } from "../html";
import type { BlogPage } from "../load-blog-page";
import { coverImage } from "./cover-image";
import { postMeta } from "./post-meta";

/** The posts of one blog page, newest first, with Newer/Older links between pages. */
export function postList(blog: BlogPage, basePath: string): Html {
  if (blog.posts.length === 0) return html`<p class="empty">No posts yet.</p>`;
  const pageHref = (page: number) => (page === 1 ? basePath : `${basePath}?page=${page}`);
  const cards = blog.posts.map(
    // A co-authored post shown on this blog lives at its owner's address.
    (post) =>
      html`<li><article class="post-card">${coverImage(post.coverImage, { className: "post-card-cover", priority: false, responsive: post.coverImage ? blog.covers.get(post.coverImage) : null })}<h2 class="post-card-title"><a href="/${post.user.username}/${post.slug}">${post.title}</a></h2>${
        post.excerpt ? html`<p class="post-excerpt">${post.excerpt}</p>` : null
      }${postMeta({ username: post.user.username, publishedAt: post.publishedAt, readingTime: post.readingTime, tags: post.tags })}</article></li>`,
  );
  const pagination =
    blog.page > 1 || blog.hasMore
      ? html`<nav class="pagination" aria-label="Pagination">${blog.page > 1 ? html`<a rel="prev" href="${pageHref(blog.page - 1)}">Newer posts</a>` : html`<span></span>`}${
          blog.hasMore ? html`<a rel="next" href="${pageHref(blog.page + 1)}">Older posts</a>` : null
        }</nav>`
      : null;
  return html`<ul class="post-list">${cards}</ul>${pagination}`;
}
