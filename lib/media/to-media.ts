// The media object of MEDIA.md, from a row: what the API answers and the dashboard shows. Never
// a row straight to a client.
import { z } from "zod";
import { mediaUrl } from "./media-urls";

export type StoredVariant = { width: number; height: number; format: "webp"; name: string; size: number; etag: string };

export type MediaRow = {
  id: string;
  filename: string;
  storedName: string;
  mimeType: string;
  size: number;
  width: number;
  height: number;
  alt: string;
  placeholder: string;
  variants: unknown;
  createdAt: Date;
};

export const mediaUseSchema = z
  .object({
    type: z.enum(["post", "entry"]),
    id: z.string(),
    title: z.string(),
    collection: z.string().optional().meta({ description: "For an entry: its collection's id." }),
  })
  .meta({ id: "MediaUse" });

export type MediaUse = z.output<typeof mediaUseSchema>;

export const mediaVariantSchema = z
  .object({ width: z.number().int(), height: z.number().int(), format: z.literal("webp"), url: z.string(), size: z.number().int() })
  .meta({ id: "MediaVariant" });

export const mediaSchema = z
  .object({
    id: z.string(),
    filename: z.string(),
    mimeType: z.enum(["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"]),
    size: z.number().int().meta({ description: "Bytes of the served original (re-encoded, metadata stripped)." }),
    width: z.number().int(),
    height: z.number().int(),
    alt: z.string(),
    url: z.string().meta({ description: "The stripped original." }),
    variants: z.array(mediaVariantSchema).meta({ description: "WebP at 320, 640, 960, 1280, 1920 and 2560 pixels wide, those narrower than the original; smallest first." }),
    placeholder: z.string().meta({ description: "A blurred preview as a data: URL of at most 1 KB." }),
    usedBy: z.array(mediaUseSchema),
    createdAt: z.string(),
  })
  .meta({
    id: "Media",
    example: {
      id: "med_4fQ9x2LmT7aB1cD3eF5gH6jK",
      filename: "moss.jpg",
      mimeType: "image/jpeg",
      size: 482113,
      width: 3000,
      height: 2000,
      alt: "Moss on a north wall",
      url: "https://blog.example.com/media/med_4fQ9x2LmT7aB1cD3eF5gH6jK/moss.jpg",
      variants: [{ width: 640, height: 427, format: "webp", url: "https://blog.example.com/media/med_4fQ9x2LmT7aB1cD3eF5gH6jK/moss-640.webp", size: 30211 }],
      placeholder: "data:image/webp;base64,UklGRlIAAABXRUJQ…",
      usedBy: [{ type: "post", id: "cmf0post", title: "A walk in the rain" }],
      createdAt: "2026-11-25T10:00:00.000Z",
    },
  });

export type MediaResponse = z.output<typeof mediaSchema>;

export function storedVariants(row: Pick<MediaRow, "variants">): StoredVariant[] {
  return Array.isArray(row.variants) ? (row.variants as StoredVariant[]) : [];
}

export function toMedia(row: MediaRow, usedBy: MediaUse[]): MediaResponse {
  return {
    id: row.id,
    filename: row.filename,
    mimeType: row.mimeType as MediaResponse["mimeType"],
    size: row.size,
    width: row.width,
    height: row.height,
    alt: row.alt,
    url: mediaUrl(row.id, row.storedName),
    variants: storedVariants(row).map((variant) => ({
      width: variant.width,
      height: variant.height,
      format: variant.format,
      url: mediaUrl(row.id, variant.name),
      size: variant.size,
    })),
    placeholder: row.placeholder,
    usedBy,
    createdAt: row.createdAt.toISOString(),
  };
}
