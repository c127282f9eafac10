// Pipeline step 2: the limits that need the image's header (sharp reads only the header here,
// nothing is decoded yet): an image that does not parse is unreadable (400), one over 50
// megapixels (every frame of an animation counted) is refused before a decoder could be made to
// allocate gigabytes for it — a decompression bomb (400).
import sharp from "sharp";
import { imageTooLarge, MAX_PIXELS, unreadableImage } from "./media-limits";

export type ImageHeader = { width: number; height: number; frames: number };

export async function checkImageLimits(bytes: Uint8Array): Promise<ImageHeader> {
  const meta = await sharp(bytes, { limitInputPixels: false }).metadata().catch(() => null);
  if (!meta?.width || !meta.height) throw unreadableImage();
  const frames = meta.pages ?? 1;
  const height = meta.pageHeight ?? meta.height;
  if (meta.width * height * frames > MAX_PIXELS) throw imageTooLarge();
  return { width: meta.width, height, frames };
}
