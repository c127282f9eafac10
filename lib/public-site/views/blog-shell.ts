import { feedUrls } from "../feed-links";
import { html, type Html } from "../html";

/** A blog's frame: its name (home link), its feeds, the page, and a quiet footer. */
export function blogShell({ username, name, content }: { username: string; name: string; content: Html }): Html {
  const feeds = feedUrls(username);
  return html`<div class="blog-shell"><header class="blog-header"><div class="blog-header-inner"><a class="blog-name" href="/${username}">${name}</a><nav class="blog-header-nav" aria-label="Feeds"><a href="${feeds.rss}">RSS</a><a href="${feeds.atom}">Atom</a><a href="${feeds.json}">JSON Feed</a></nav></div></header><main class="blog-main" id="main">${content}</main><footer class="blog-footer"><div class="blog-footer-inner"><span>${name}</span><span>Published with <a href="/">Inkbase</a></span></div></footer></div>`;
}
