// srcset, sizes, width and height for a medium's URL (MEDIA.md "Images in posts"): a pure
// function of the URL and the image's size, so the renderer needs no lookup. A medium's variants
// are exactly the standard widths below its own width, named `<stem>-<width>.webp` beside it;
// the URL itself (the original, or a variant) is the largest candidate.
import { parseMediaUrl, stemOf, variantName } from "./media-urls";
import { VARIANT_WIDTHS } from "./process-image-widths";

export type ResponsiveImage = { src: string; srcset: string; sizes: string; width: number; height: number };

/** The post's column: at most 44rem (704 px) wide (lib/public-site/views), the whole screen below that. */
const COLUMN_PX = 704;

/**
 * `sizes` for images in the post's column. MEDIA.md's budget: the largest image a page loads is
 * no wider than twice the viewport. With the column alone ("(min-width: 44rem) 44rem, 100vw") a
 * phone of 390 px at 2 device pixels per px needs 780 px and loads the 960 variant; at 3, 1,170
 * and the 1280. So on dense screens the slot is declared as the largest variant within twice the
 * viewport divided by the density (390 px at 2×: 320 px, so the 640 variant, 1.6 device pixels per
 * px, sharp on a phone); at 1× the column itself never loads more than twice the viewport (each
 * variant is at most twice the one before). Brackets are the viewport widths at which the next
 * variant fits within twice the viewport.
 */
export const CONTENT_SIZES = contentSizes();

function contentSizes(): string {
  const rules: string[] = [];
  for (const [density, minDppx] of [[3, 2.5], [2, 1.5]] as const) {
    for (let i = 2; i < VARIANT_WIDTHS.length; i++) { // viewports from 320 px
      const fits = VARIANT_WIDTHS[i - 1]; // the largest variant within twice the viewport below this bracket's end
      const bracketEnd = VARIANT_WIDTHS[i] / 2; // from here the next variant fits
      // Only where the column would otherwise load more than twice the viewport.
      if (Math.min(bracketEnd, COLUMN_PX) * density <= fits) continue;
      if (bracketEnd > 2 * COLUMN_PX) break;
      rules.push(`(min-resolution: ${minDppx}dppx) and (max-width: ${bracketEnd - 1}px) ${Math.floor(fits / density)}px`);
    }
  }
  return [...rules, "(min-width: 44rem) 44rem", "100vw"].join(", ");
}

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
