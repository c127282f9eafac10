// The body of POST /api/media/uploads: what the client is about to send.
import { z } from "zod";
import { MAX_FILENAME } from "./media-text";

export const createUploadInputSchema = z
  .object({
    filename: z.string().min(1).max(MAX_FILENAME),
    size: z.number().int().positive().meta({ description: "Bytes the client will send; the upload URL accepts exactly this many." }),
    mimeType: z.string().min(1).max(100).meta({ description: "One of image/jpeg, image/png, image/webp, image/avif, image/gif; the bytes must be that type." }),
  })
  .meta({ id: "CreateUploadInput" });

export type CreateUploadInput = z.output<typeof createUploadInputSchema>;

export const uploadSchema = z
  .object({
    uploadId: z.string(),
    uploadUrl: z.string().meta({ description: "PUT the bytes here: a presigned URL of the store (S3), Vercel Blob's upload URL (its client token is in `headers`), or this app's one-time URL (local storage)." }),
    method: z.literal("PUT"),
    headers: z.record(z.string(), z.string()).meta({ description: "Send these headers with the PUT." }),
    expiresAt: z.string(),
  })
  .meta({ id: "Upload" });

export type UploadResponse = z.output<typeof uploadSchema>;
