// The post page's content (PUBLIC-SITE.md): title, subtitle, authors, date, reading time, tags,
// cover, the sanitized render, and links to the older and newer post (its JSON-LD is in <head>). For the
// owner's preview of a post readers cannot see yet, a "Draft preview" banner above it; for a preview
// link (TEAMS.md "Preview links"), opened by anyone who has it, a "Preview" banner.
import { html, trustedHtml, type Html } from "../html";
import type { PostPageData } from "../load-post-page";
import { readableHtml } from "../readable-html";
import type { ResponsiveImage } from "../../media/responsive-image";
import { coverImage } from "./cover-image";
import { postMeta } from "./post-meta";
import { safeHref } from "./safe-href";

function byline(post: PostPageData): Html {
  const [blogPosting] = post.jsonLd;
  const authors = (Array.isArray(blogPosting.author) ? blogPosting.author : []) as { name?: string; url?: string }[];
  const names = authors.map((person, index) => {
    const separator = index > 0 ? (index === authors.length - 1 ? " and " : ", ") : null;
    const href = safeHref(person.url);
    return html`<span>${separator}${href ? html`<a href="${href}">${person.name}</a>` : person.name}</span>`;
  });
  return html`<p class="post-meta"><span>By ${names}</span></p>`;
}

function describeState(post: { status: string; visibility: string; publishedAt: string | null }): string {
  if (post.status === "draft") return "a draft";
  if (post.visibility === "private") return "private";
  return post.publishedAt ? `scheduled for ${new Date(post.publishedAt).toUTCString()}` : "not published";
}

/** `owner`: the owner's own draft preview at the post's address; `link`: a shared preview link. */
export type PreviewKind = "owner" | "link";

function previewBanner(post: PostPageData, preview: PreviewKind): Html {
  if (preview === "owner") {
    return html`<div class="preview-banner" role="status"><strong>Draft preview</strong>Only you can see this page: the post is ${describeState(post)}. Readers get a 404 until it is published.</div>`;
  }
  const state = post.status === "published" && post.visibility !== "private" && post.publishedAt && Date.parse(post.publishedAt) <= Date.now() ? null : describeState(post);
  return html`<div class="preview-banner" role="status"><strong>Preview</strong>${
    state ? `A preview shared by its author: the post is ${state} and may still change.` : "A preview shared by its author, showing the post as it is now."
  }</div>`;
}

export function postArticle(post: PostPageData, preview: PreviewKind | null, cover: ResponsiveImage | null = null): Html {
  const username = post.user.username;
  const { prev, next } = post.adjacent;
  const banner = preview ? previewBanner(post, preview) : null;
  const adjacent =
    prev || next
      ? html`<nav class="adjacent" aria-label="More posts">${
          prev ? html`<a rel="prev" href="/${username}/${prev.slug}"><span>Older post</span><strong>${prev.title}</strong></a>` : null
        }${next ? html`<a class="adjacent-next" rel="next" href="/${username}/${next.slug}"><span>Newer post</span><strong>${next.title}</strong></a>` : null}</nav>`
      : null;
  // The content is the sanitized render of lib/content (the API's `html` format): no script, no unsafe URL.
  return html`${banner}<article class="article"><header><h1 class="article-title">${post.title}</h1>${
    post.subtitle ? html`<p class="article-subtitle">${post.subtitle}</p>` : null
  }<div class="article-byline">${byline(post)}${postMeta({ username, publishedAt: post.publishedAt, readingTime: post.readingTime, tags: post.tags })}</div></header>${coverImage(
    post.coverImage,
    { className: "article-cover", priority: true, responsive: cover },
  )}<div class="prose">${trustedHtml(readableHtml(post.rendered ?? ""))}</div></article>${adjacent}`;
}
