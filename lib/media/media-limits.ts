// The limits of MEDIA.md, in one place: bytes per file (MEDIA_MAX_BYTES), pixels per image (50
// megapixels, every frame of an animation counted), the one-request upload's body (4 MiB, the
// largest a Vercel function accepts), and storage per account by plan.
import { ApiError } from "../http/api-error";
import { env } from "../env";

export const MAX_PIXELS = 50_000_000;
export const ONE_REQUEST_MAX_BYTES = 4 * 1024 * 1024;
export const QUOTA_BYTES = { free: 100 * 1024 * 1024, pro: 10 * 1024 * 1024 * 1024 } as const;

export const fileTooLarge = (limit = env.mediaMaxBytes, extra: Record<string, unknown> = {}) => new ApiError(413, { error: "File too large", limit, ...extra });
export const imageTooLarge = () => new ApiError(400, { error: "Image too large", limit: "50 megapixels" });
export const unreadableImage = () => new ApiError(400, { error: "Unreadable image" });
export const quotaExceeded = (used: number, limit: number) => new ApiError(413, { error: "Storage quota exceeded", used, limit });

/** A file over MEDIA_MAX_BYTES: 413 before anything reads it further. */
export function checkFileSize(size: number): void {
  if (size > env.mediaMaxBytes) throw fileTooLarge();
}
