// PUT /api/media/uploads/:uploadId?expires&signature – the bytes of an upload, on local storage (the URL POST /api/media/uploads or /api/imports/uploads handed out; one-time)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { mediaErrors, rawImageSchema, receiveUploadQuerySchema } from "@/lib/media/media-input";
import { receiveUploadBytes } from "@/lib/media/receive-upload-bytes";

export const runtime = "nodejs";

export const PUT = api({
  auth: "none",
  params: z.object({ uploadId: z.string() }),
  query: receiveUploadQuerySchema,
  docs: {
    summary: "Send an upload's bytes (local storage)",
    description:
      "The `uploadUrl` of `POST /api/media/uploads` (an image) and of `POST /api/imports/uploads` (an import file) when the server stores media on its own disk: signed and one-time, like a presigned URL, so it needs no credentials. On S3 or Vercel Blob the bytes go to the store instead.",
    tag: "Media",
    requestContent: { "application/octet-stream": rawImageSchema },
    responses: { 200: { description: "Received.", schema: z.object({ uploadId: z.string(), size: z.number().int() }) } },
    errors: {
      403: "`Upload URL invalid or expired`",
      404: "`Upload not found` (or already received)",
      413: "`File too large`: more bytes than declared.",
      415: "`Unsupported media type`: a `Content-Type` other than the one the upload declared (an import file's is `application/octet-stream`).",
      503: mediaErrors.storage,
    },
  },
  handler: ({ req, params, query }) =>
    receiveUploadBytes({ uploadId: params.uploadId, expires: query.expires, signature: query.signature, contentType: req.headers.get("content-type"), body: req.body }),
});
