// A post's cover, on its page (above the fold: fetched early, and preloaded from <head>) and on
// list cards (lazy). One place for the <img>: a cover that is one of our media gets its variants
// (srcset/sizes) and its box (width/height, no layout shift), and the page's preload names the
// same candidates, so the browser preloads the file it will show (MEDIA.md).
import type { ResponsiveImage } from "../../media/responsive-image";
import { html, type Html } from "../html";
import { safeHref } from "./safe-href";

export function coverImage(src: string | null, options: { className: string; priority: boolean; responsive?: ResponsiveImage | null }): Html | null {
  const url = safeHref(src);
  if (!url) return null;
  const image = options.responsive;
  const box = image ? html` srcset="${image.srcset}" sizes="${image.sizes}" width="${String(image.width)}" height="${String(image.height)}"` : null;
  return options.priority
    ? html`<img class="${options.className}" src="${url}"${box} alt="" decoding="async" fetchpriority="high"/>`
    : html`<img class="${options.className}" src="${url}"${box} alt="" loading="lazy" decoding="async"/>`;
}

export type CoverPreload = { href: string; srcset?: string; sizes?: string };

/** The <head> preload of a page's priority cover (what React wrote for an <img fetchPriority="high">). */
export function coverPreload(src: string | null, responsive?: ResponsiveImage | null): CoverPreload | null {
  const href = safeHref(src);
  if (!href) return null;
  return responsive ? { href, srcset: responsive.srcset, sizes: responsive.sizes } : { href };
}
