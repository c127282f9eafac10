// Covers of the public pages (MEDIA.md "coverImage may be a media URL"): srcset, sizes and a box
// for every cover that is one of our media, keyed by its URL. A cover from another host has no
// entry and is shown as before.
import { findMediaSizes } from "./find-media-sizes";
import { CONTENT_SIZES, responsiveImage, type ResponsiveImage } from "./responsive-image";

export async function coverImages(urls: (string | null | undefined)[], sizes = CONTENT_SIZES): Promise<Map<string, ResponsiveImage>> {
  const found = await findMediaSizes(urls);
  const covers = new Map<string, ResponsiveImage>();
  for (const [url, size] of found) {
    const image = responsiveImage(url, size.width, size.height, sizes);
    if (image) covers.set(url, image);
  }
  return covers;
}
