// A post's cover, on its page (above the fold: fetched early, and preloaded from <head>) and on
// list cards (lazy). One place for the <img>, so its responsive variants (srcset/sizes) and the
// matching preload can be added here once.
import { html, type Html } from "@/lib/public-site/html";
import { safeHref } from "./safe-href";

export function coverImage(src: string | null, options: { className: string; priority: boolean }): Html | null {
  const url = safeHref(src);
  if (!url) return null;
  return options.priority
    ? html`<img class="${options.className}" src="${url}" alt="" decoding="async" fetchpriority="high"/>`
    : html`<img class="${options.className}" src="${url}" alt="" loading="lazy" decoding="async"/>`;
}

/** The <head> preload of a page's priority cover (what React wrote for an <img fetchPriority="high">). */
export function coverPreloadUrl(src: string | null): string | null {
  return safeHref(src);
}
