// POST /api/media/uploads/:uploadId/complete – { alt? } → check and process the sent bytes → 201 media (media:write)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { mediaCreator } from "@/lib/media/authorize-media-action";
import { completeUpload } from "@/lib/media/complete-upload";
import { completeUploadSchema, mediaErrors } from "@/lib/media/media-input";
import { mediaSchema } from "@/lib/media/to-media";

export const runtime = "nodejs";

export const POST = api({
  auth: "key-or-session",
  action: "media.upload",
  scopes: ["media:write"],
  params: z.object({ uploadId: z.string() }),
  body: completeUploadSchema,
  docs: {
    summary: "Finish an upload",
    description: "Reads the bytes sent to `uploadUrl` and runs them through the same checks and processing as a one-request upload. Bytes that fail are deleted with the upload.",
    tag: "Media",
    sdk: 'inkbase.media.upload(new File([/* an image over 4 MiB */], "panorama.jpg"), { alt: "The bay at dusk" }) /* completes for you */',
    responses: { 201: { description: "The new medium.", schema: mediaSchema } },
    errors: {
      400: mediaErrors.badImage,
      404: "`Upload not found`",
      409: "`Upload not received`: nothing was sent to `uploadUrl` yet.",
      413: mediaErrors.tooLarge,
      415: mediaErrors.unsupported,
      503: mediaErrors.storage,
    },
  },
  handler: async ({ principal, params, body }) =>
    Response.json(await completeUpload({ ownerId: principal.projectId, uploadId: params.uploadId, alt: body.alt, createdById: mediaCreator(principal) }), { status: 201 }),
});
