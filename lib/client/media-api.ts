// The media calls the dashboard makes (MEDIA.md "Dashboard"), through the SDK: uploads pick their
// flow by size and report progress; errors become the sentences an author reads ("SVG files are
// not accepted", "Larger than 20 MB").
import type { Media } from "@inkbase/sdk";
import { ApiRequestError, describeError, viaSdk } from "./api-client";

export type { Media };
export type MediaPage = { data: Media[]; pageInfo: { total: number; page: number; limit: number; hasMore: boolean } };

export function listMedia(query: { q?: string; page?: number; limit?: number } = {}): Promise<MediaPage> {
  return viaSdk((inkbase) => inkbase.media.list({ q: query.q || undefined, page: query.page ? String(query.page) : undefined, limit: query.limit ? String(query.limit) : undefined }));
}

export function getMedia(id: string): Promise<Media> {
  return viaSdk((inkbase) => inkbase.media.get(id));
}

export function updateMedia(id: string, input: { alt?: string; filename?: string }): Promise<Media> {
  return viaSdk((inkbase) => inkbase.media.update(id, input));
}

export async function deleteMedia(id: string, force: boolean): Promise<void> {
  await viaSdk((inkbase) => inkbase.media.delete(id, { force }));
}

export function uploadMedia(file: File, options: { alt?: string; onProgress?: (fraction: number) => void } = {}): Promise<Media> {
  return viaSdk((inkbase) => inkbase.media.upload(file, { alt: options.alt, onProgress: (sent, total) => options.onProgress?.(total ? sent / total : 0) }));
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** What is wrong with a file before it is sent, or null (the server checks again). */
export function refuseBeforeUpload(file: File, maxBytes: number): string | null {
  if (/\.svgz?$/i.test(file.name) || file.type === "image/svg+xml") return "SVG files are not accepted";
  if (file.size > maxBytes) return `Larger than ${megabytes(maxBytes)}`;
  if (file.type && !/^image\/(jpeg|png|webp|avif|gif)$/.test(file.type)) return "Not an image this library takes (JPEG, PNG, WebP, AVIF or GIF)";
  return null;
}

/** The API's refusal of an upload, as a sentence for the author. */
export function describeUploadError(err: unknown, file: { name: string }): string {
  if (err instanceof ApiRequestError) {
    const body = err.body as { error: string; limit?: number | string; used?: number };
    switch (body.error) {
      case "Unsupported media type":
        return /\.svgz?$/i.test(file.name) ? "SVG files are not accepted" : "Not an image this library takes (JPEG, PNG, WebP, AVIF or GIF)";
      case "File too large":
        return typeof body.limit === "number" ? `Larger than ${megabytes(body.limit)}` : "The file is too large";
      case "Image too large":
        return "Larger than 50 megapixels";
      case "Unreadable image":
        return "The file is damaged or not a complete image";
      case "Storage quota exceeded":
        return typeof body.limit === "number" ? `Your media storage is full (${megabytes(Number(body.used ?? 0))} of ${megabytes(body.limit)} used)` : "Your media storage is full";
      case "Storage unavailable":
        return "Storage is unavailable right now; try again in a moment";
    }
  }
  return describeError(err);
}
