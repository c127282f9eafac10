// POST /api/imports/uploads – start sending an import file straight to storage: { filename, size } → 201 { uploadId, uploadUrl, method, headers, expiresAt } (posts:write)
import { env } from "@/lib/env";
import { api } from "@/lib/http/api";
import { requestOrigin } from "@/lib/http/request-origin";
import { mediaErrors } from "@/lib/media/media-input";
import { uploadSchema } from "@/lib/media/upload-input";
import { createImportUpload } from "@/lib/portability/create-import-upload";
import { importErrors } from "@/lib/portability/import-docs";
import { createImportUploadInputSchema } from "@/lib/portability/import-upload-input";

export const runtime = "nodejs";

export const POST = api({
  auth: "key-or-session",
  action: "project.manage",
  scopes: ["posts:write"],
  body: createImportUploadInputSchema,
  docs: {
    summary: "Start an import upload",
    description:
      "For export files of any size up to 32 MiB, on every deployment (a Vercel function takes request bodies up to 4.5 MB only). `PUT` the file to `uploadUrl` with `headers` within 30 minutes (a presigned URL of the store on S3, Vercel Blob's upload URL, this app's one-time URL on local storage), then start the import with `POST /api/imports` and `{ uploadId, source }`.",
    tag: "Portability",
    sdk: 'inkbase.imports.create(new File([/* an export over 4 MB: this flow */], "export.zip"), { source: "inkbase" })',
    responses: { 201: { description: "Where to send the file.", schema: uploadSchema } },
    errors: { 413: importErrors.tooLarge, 503: mediaErrors.storage },
  },
  handler: async ({ req, principal, body }) =>
    Response.json(await createImportUpload({ ownerId: principal.projectId, origin: requestOrigin(req) ?? env.publicBaseUrl, input: body }), { status: 201 }),
});
