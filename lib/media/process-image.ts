// Pipeline step 3: decode and re-encode with sharp (MEDIA.md "What is accepted"). What is kept is
// made from the decoded pixels only: rotated by its EXIF orientation, every metadata block left
// behind (sharp writes none unless asked: no EXIF, GPS, XMP, IPTC, comments or PNG text chunks),
// colours converted to sRGB. The bytes the author sent are not kept. Outputs: the original in
// its own format, WebP variants at the widths below that are smaller than the original (animated
// stays animated), and a tiny blurred placeholder. AVIF variants are not made: encoding six of
// them takes several seconds per 12-megapixel photo on one core, past the upload budget
// (bench/media). limitInputPixels backs up the header check should a file lie about its size.
import sharp, { type Sharp } from "sharp";
import type { ImageMimeType } from "./image-types";
import { imageTooLarge, MAX_PIXELS, unreadableImage } from "./media-limits";
import { VARIANT_WIDTHS } from "./process-image-widths";

// libvips' operation cache holds decoded images for reuse we never make: memory for nothing.
sharp.cache(false);

export { VARIANT_WIDTHS } from "./process-image-widths";

export type EncodedImage = { bytes: Buffer; width: number; height: number };
export type ProcessedImage = {
  original: EncodedImage & { mimeType: ImageMimeType };
  variants: (EncodedImage & { format: "webp" })[];
  /** data:image/webp;base64,… of at most 1 KB */
  placeholder: string;
};

const PLACEHOLDER_MAX = 1024;

export async function processImage(bytes: Uint8Array, type: ImageMimeType): Promise<ProcessedImage> {
  // GIF and WebP may be animated: keep every frame. Others are stills, turned upright first.
  const animated = type === "image/gif" || type === "image/webp";
  const input = (options: { animated?: boolean } = {}): Sharp => {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: options.animated ?? animated, failOn: "warning" });
    return animated ? image : image.rotate();
  };
  try {
    const original = await encodeOriginal(input(), type).toBuffer({ resolveWithObject: true });
    const width = original.info.width;
    const height = original.info.pageHeight ?? original.info.height;
    const variants: ProcessedImage["variants"] = [];
    // One at a time, largest first: each pipeline decodes (JPEG shrinks on load) and encodes in
    // tiles, so memory stays that of one output, not six.
    for (const target of [...VARIANT_WIDTHS].filter((w) => w < width).reverse()) {
      const out = await input().resize({ width: target }).webp({ quality: 78, effort: 3 }).toBuffer({ resolveWithObject: true });
      variants.unshift({ bytes: out.data, width: out.info.width, height: out.info.pageHeight ?? out.info.height, format: "webp" });
    }
    return {
      original: { bytes: original.data, width, height, mimeType: type },
      variants,
      placeholder: await placeholder(input({ animated: false })),
    };
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message ?? "")) throw imageTooLarge();
    throw unreadableImage();
  }
}

function encodeOriginal(image: Sharp, type: ImageMimeType): Sharp {
  switch (type) {
    case "image/jpeg":
      return image.jpeg({ quality: 85, progressive: true });
    case "image/png":
      return image.png({ compressionLevel: 6 });
    case "image/webp":
      return image.webp({ quality: 85, effort: 3 });
    case "image/avif":
      return image.avif({ quality: 60, effort: 2 });
    case "image/gif":
      return image.gif();
  }
}

/** A 24-pixel blurred WebP: enough for a blur-up while the real image loads. */
async function placeholder(image: Sharp): Promise<string> {
  let url = "";
  // A busy image may not fit at 24 pixels; 8 pixels always does.
  for (const [size, quality] of [[24, 50], [16, 40], [8, 20]] as const) {
    const data = await image.clone().resize(size, size, { fit: "inside" }).blur(0.6).webp({ quality }).toBuffer();
    url = `data:image/webp;base64,${data.toString("base64")}`;
    if (url.length <= PLACEHOLDER_MAX) break;
  }
  return url;
}
