// Social cards and feed readers get a variant rather than the original of a media image: the
// smallest at least 1200 pixels wide (what large link previews ask for), or the original when it
// is no wider. Other URLs pass through unchanged.
import { findMediaSizes } from "./find-media-sizes";
import { variantAtLeast } from "./responsive-image";

type Images = { coverImage: string | null; ogImage?: string | null; twitterImage?: string | null };

export async function socialImageVariants<T extends Images>(source: T): Promise<T> {
  const sizes = await findMediaSizes([source.coverImage, source.ogImage, source.twitterImage]);
  if (sizes.size === 0) return source;
  const swap = (url: string | null | undefined) => {
    const size = url ? sizes.get(url) : undefined;
    return url && size ? variantAtLeast(url, size.width) : url;
  };
  return { ...source, coverImage: swap(source.coverImage) ?? null, ogImage: swap(source.ogImage), twitterImage: swap(source.twitterImage) } as T;
}

/** The feed image of each post: its cover, as a variant when it is a medium. */
export async function feedImages(covers: (string | null)[]): Promise<Map<string, string>> {
  const sizes = await findMediaSizes(covers);
  return new Map([...sizes].map(([url, size]) => [url, variantAtLeast(url, size.width)]));
}
