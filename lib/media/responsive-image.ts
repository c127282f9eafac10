// srcset, sizes, width and height for a medium's URL (MEDIA.md "Images in posts"): a pure
// function of the URL and the image's size, so the renderer needs no lookup. A medium's variants
// are exactly the standard widths below its own width, named `<stem>-<width>.webp` beside it;
// the URL itself (the original, or a variant) is the largest candidate.
import { parseMediaUrl, stemOf, variantName } from "./media-urls";
import { VARIANT_WIDTHS } from "./process-image-widths";

export type ResponsiveImage = { src: string; srcset: string; sizes: string; width: number; height: number };

/** A post's column: the article is at most 44rem wide (components/blog), the whole screen below that. */
export const CONTENT_SIZES = "(min-width: 44rem) 44rem, 100vw";

export function responsiveImage(src: string, width: number | undefined, height: number | undefined, sizes = CONTENT_SIZES): ResponsiveImage | null {
  const media = parseMediaUrl(src);
  if (!media || !width || !height) return null;
  // A variant's URL (`moss-640.webp`) shares the stem of its siblings.
  const variant = /^(.*)-(\d+)\.webp$/.exec(media.name);
  const stem = variant && (VARIANT_WIDTHS as readonly number[]).includes(Number(variant[2])) ? variant[1] : stemOf(media.name);
  const candidates = VARIANT_WIDTHS.filter((w) => w < width).map((w) => `${media.base}/${media.id}/${variantName(stem, w)} ${w}w`);
  return { src, srcset: [...candidates, `${src} ${width}w`].join(", "), sizes, width, height };
}

/** The variant to hand to a social network or feed reader: the smallest at least `minWidth` wide, else the URL itself. */
export function variantAtLeast(src: string, width: number, minWidth = 1200): string {
  const media = parseMediaUrl(src);
  if (!media) return src;
  const chosen = VARIANT_WIDTHS.find((w) => w >= minWidth && w < width);
  return chosen ? `${media.base}/${media.id}/${variantName(stemOf(media.name), chosen)}` : src;
}
