// POST /api/media/uploads – start an upload of a large file: { filename, size, mimeType } → 201 { uploadId, uploadUrl, method, headers, expiresAt } (media:write)
import { env } from "@/lib/env";
import { api } from "@/lib/http/api";
import { requestOrigin } from "@/lib/http/request-origin";
import { createUpload } from "@/lib/media/create-upload";
import { mediaErrors } from "@/lib/media/media-input";
import { createUploadInputSchema, uploadSchema } from "@/lib/media/upload-input";

export const runtime = "nodejs";

export const POST = api({
  auth: "key-or-session",
  action: "media.upload",
  scopes: ["media:write"],
  body: createUploadInputSchema,
  docs: {
    summary: "Start an upload",
    description:
      "For files of any size up to the server's limit (20 MiB by default). The type, size and quota are checked first; then `PUT` exactly `size` bytes to `uploadUrl` with `headers` (a presigned URL of the store on S3, this app's one-time URL on local storage) within 30 minutes, and finish with `POST /api/media/uploads/{uploadId}/complete`.",
    tag: "Media",
    sdk: 'inkbase.media.upload(new File([/* an image over 4 MiB: this flow */], "panorama.jpg", { type: "image/jpeg" }))',
    responses: { 201: { description: "Where to send the bytes.", schema: uploadSchema } },
    errors: { 413: mediaErrors.tooLarge, 415: mediaErrors.unsupported, 503: mediaErrors.storage },
  },
  handler: async ({ req, principal, body }) =>
    Response.json(await createUpload({ ownerId: principal.projectId, origin: requestOrigin(req) ?? env.publicBaseUrl, input: body }), { status: 201 }),
});
