// Pipeline steps 1 and 2 (create-media.ts): what the bytes are and whether they may be stored —
// MEDIA_MAX_BYTES, the type from the magic numbers, the plan's quota (early: the variants' bytes
// are known only after processing), 50 megapixels from the header. Everything that can refuse an
// image before it is decoded; an import's dry run runs exactly this to say what a real run would
// refuse (only a file that parses but fails to decode gets past it).
import { db } from "../db";
import type { ImageMimeType } from "./image-types";
import { checkImageLimits } from "./check-image-limits";
import { checkFileSize } from "./media-limits";
import { checkQuota, readQuota } from "./media-quota";
import { sniffImageType } from "./sniff-image-type";

export async function checkMediaBytes(input: { ownerId: string; bytes: Uint8Array; filename: string; declaredType?: string | null }): Promise<ImageMimeType> {
  if (!input.ownerId) throw new Error("checkMediaBytes needs an owner");
  checkFileSize(input.bytes.byteLength);
  const type = await sniffImageType({ bytes: input.bytes, filename: input.filename, declaredType: input.declaredType });
  // The cheap refusal first: an account already full should not wait for processing.
  checkQuota(await readQuota(db(), input.ownerId), input.bytes.byteLength);
  await checkImageLimits(input.bytes);
  return type;
}
