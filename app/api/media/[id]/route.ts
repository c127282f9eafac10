// GET /api/media/:id – one medium with where it is used (media:read)
// PATCH /api/media/:id – change { alt?, filename? } (media:write)
// DELETE /api/media/:id – delete it and its files; 409 with usedBy while in use unless ?force=true (media:write)
import { z } from "zod";
import { api } from "@/lib/http/api";
import { authorizeMediaEdit } from "@/lib/media/authorize-media-action";
import { successSchema } from "@/lib/openapi/shared-schemas";
import { deleteMedia } from "@/lib/media/delete-media";
import { getMedia } from "@/lib/media/get-media";
import { deleteMediaQuerySchema, mediaPatchSchema } from "@/lib/media/media-input";
import { mediaSchema, mediaUseSchema } from "@/lib/media/to-media";
import { updateMedia } from "@/lib/media/update-media";

export const runtime = "nodejs";

const params = z.object({ id: z.string() });

export const GET = api({
  auth: "key-or-session",
  action: "project.read",
  scopes: ["media:read"],
  params,
  docs: {
    summary: "Get a medium",
    tag: "Media",
    sdk: 'inkbase.media.get("med_…")',
    responses: { 200: { description: "The medium.", schema: mediaSchema } },
    errors: { 404: "`Media not found`" },
  },
  handler: ({ principal, params }) => getMedia({ ownerId: principal.projectId, id: params.id }),
});

export const PATCH = api({
  auth: "key-or-session",
  action: "media.edit",
  scopes: ["media:write"],
  params,
  body: mediaPatchSchema,
  docs: {
    summary: "Change a medium's alt text or name",
    description: "The URL keeps the name the file was uploaded with: it is cached for a year and written into posts.",
    tag: "Media",
    sdk: 'inkbase.media.update("med_…", { alt: "Moss on a north wall" })',
    responses: { 200: { description: "The medium as changed.", schema: mediaSchema } },
    errors: { 404: "`Media not found`" },
  },
  handler: async ({ principal, params, body }) => {
    await authorizeMediaEdit(principal, params.id);
    return updateMedia({ ownerId: principal.projectId, id: params.id, input: body });
  },
});

export const DELETE = api({
  auth: "key-or-session",
  action: "media.edit",
  scopes: ["media:write"],
  params,
  query: deleteMediaQuerySchema,
  docs: {
    summary: "Delete a medium",
    description: "With its files; its URLs answer 404 at once. While a post or entry uses it the answer is 409 with `usedBy`, unless `?force=true`.",
    tag: "Media",
    sdk: 'inkbase.media.delete("med_…", { force: true })',
    responses: { 200: { description: "Deleted.", schema: successSchema } },
    errors: {
      404: "`Media not found`",
      409: { description: "`Media is in use`, with `usedBy`.", schema: z.object({ error: z.literal("Media is in use"), usedBy: z.array(mediaUseSchema) }).meta({ id: "MediaInUse" }) },
    },
  },
  handler: async ({ principal, params, query }) => {
    await authorizeMediaEdit(principal, params.id);
    return deleteMedia({ ownerId: principal.projectId, id: params.id, force: query.force });
  },
});
