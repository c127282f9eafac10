// GET /api/media – the caller's media library, newest first: ?page&limit&q → { data, pageInfo } (media:read)
// POST /api/media – upload one image in one request (≤ 4 MiB): multipart `file` (+ `alt`), or raw bytes with ?filename= → 201 media (media:write)
import { api } from "@/lib/http/api";
import { mediaCreator } from "@/lib/media/authorize-media-action";
import { createMedia } from "@/lib/media/create-media";
import { listMedia } from "@/lib/media/list-media";
import { mediaErrors, mediaListQuerySchema, mediaPageSchema, mediaUploadFormSchema, rawImageSchema, uploadQuerySchema } from "@/lib/media/media-input";
import { readUploadRequest } from "@/lib/media/read-upload-request";
import { mediaSchema } from "@/lib/media/to-media";

export const runtime = "nodejs";

export const GET = api({
  auth: "key-or-session",
  action: "project.read",
  scopes: ["media:read"],
  query: mediaListQuerySchema,
  docs: {
    summary: "List media",
    description: "Newest first, with where each is used. `limit` defaults to 24 and is capped at 100.",
    tag: "Media",
    sdk: 'inkbase.media.list({ q: "moss" })',
    responses: { 200: { description: "A page of the library.", schema: mediaPageSchema } },
  },
  handler: ({ principal, query }) => listMedia({ ownerId: principal.projectId, ...query }),
});

export const POST = api({
  auth: "key-or-session",
  action: "media.upload",
  scopes: ["media:write"],
  query: uploadQuerySchema,
  docs: {
    summary: "Upload an image",
    description:
      "One request for files up to 4 MiB: `multipart/form-data` with `file` (and `alt`), or the raw bytes with `?filename=` (and `&alt=`). Larger files: `POST /api/media/uploads`. The type is read from the bytes; the stored image is re-encoded, turned upright and stripped of all metadata, with WebP variants.",
    tag: "Media",
    sdk: 'inkbase.media.upload(new File([/* the image */], "moss.jpg", { type: "image/jpeg" }), { alt: "Moss on a north wall" })',
    requestContent: { "multipart/form-data": mediaUploadFormSchema, "application/octet-stream": rawImageSchema },
    responses: { 201: { description: "The new medium.", schema: mediaSchema } },
    errors: { 400: mediaErrors.badImage, 413: mediaErrors.tooLarge, 415: mediaErrors.unsupported, 503: mediaErrors.storage },
  },
  handler: async ({ req, principal, query }) => {
    const upload = await readUploadRequest(req, query);
    const media = await createMedia({ ownerId: principal.projectId, ...upload, createdById: mediaCreator(principal) });
    return Response.json(media, { status: 201 });
  },
});
