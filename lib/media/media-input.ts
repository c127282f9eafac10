// Query and bodies of the media routes (MEDIA.md "API"), parsed by the route wrapper and
// documented in the OpenAPI document from these same schemas.
import { z } from "zod";
import { positiveIntQuery } from "../http/positive-int-query";
import { mediaSchema } from "./to-media";
import { MAX_ALT, MAX_FILENAME } from "./media-text";

export const MEDIA_MAX_LIMIT = 100;

export const mediaListQuerySchema = z.object({
  page: positiveIntQuery(1),
  /** Capped at 100. */
  limit: positiveIntQuery(24).transform((value) => Math.min(value, MEDIA_MAX_LIMIT)),
  q: z.string().trim().max(200).optional().meta({ description: "A substring of the file name or alt text (case-insensitive)." }),
});

export const uploadQuerySchema = z.object({
  filename: z.string().min(1).max(MAX_FILENAME).optional().meta({ description: "With raw bytes: the file's name (required)." }),
  alt: z.string().max(MAX_ALT).optional(),
});

export const mediaPatchSchema = z
  .object({ alt: z.string().max(MAX_ALT).optional(), filename: z.string().min(1).max(MAX_FILENAME).optional() })
  .meta({ id: "MediaPatch" });

export const deleteMediaQuerySchema = z.object({
  force: z.enum(["true", "false"]).optional().transform((value) => value === "true").meta({ description: "`true` deletes a medium that is still in use." }),
});

export const completeUploadSchema = z.object({ alt: z.string().max(MAX_ALT).optional() }).meta({ id: "CompleteUploadInput" });

export const receiveUploadQuerySchema = z.object({
  expires: z.string().regex(/^[0-9]{1,12}$/).transform(Number),
  signature: z.string().min(1).max(200),
});

export const mediaPageSchema = z
  .object({
    data: z.array(mediaSchema),
    pageInfo: z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int(), hasMore: z.boolean() }),
  })
  .meta({ id: "MediaPage" });

/** The multipart form of the one-request upload, for the document. */
export const mediaUploadFormSchema = z
  .object({
    file: z.string().meta({ format: "binary", description: "The image: JPEG, PNG, WebP, AVIF or GIF, at most 4 MiB." }),
    alt: z.string().max(MAX_ALT).optional(),
  })
  .meta({ id: "MediaUploadForm" });

export const rawImageSchema = z.string().meta({ format: "binary", description: "The image's bytes, with `?filename=`." });

export const mediaErrors = {
  unsupported: "`Unsupported media type`: not JPEG, PNG, WebP, AVIF or GIF by its bytes (SVG never is), or the name or declared type says another format.",
  badImage: "`Invalid input`; `Image too large` (`limit: \"50 megapixels\"`); `Unreadable image` (truncated or corrupt).",
  tooLarge: "`File too large` with `limit` (bytes), or `Storage quota exceeded` with `used` and `limit`.",
  storage: { description: "`Storage unavailable`: the media store failed; nothing was kept.", schema: z.object({ error: z.literal("Storage unavailable") }) },
};
