// POST /api/imports – start an import: multipart `file` + `source` (ghost | wordpress | markdown | inkbase), `dryRun=true` to only report; or JSON { uploadId, source, dryRun } after POST /api/imports/uploads → 202 { id, status } (posts:write)
import { api } from "@/lib/http/api";
import { requireVerifiedEmail } from "@/lib/auth/require-verified-email";
import { mediaErrors } from "@/lib/media/media-input";
import { createImport } from "@/lib/portability/create-import";
import { importErrors, importStartedSchema } from "@/lib/portability/import-docs";
import { importFromUploadSchema } from "@/lib/portability/import-upload-input";
import { importFormSchema, readImportRequest } from "@/lib/portability/read-import-request";
import { runImport } from "@/lib/portability/run-import";
import { startUploadedImport } from "@/lib/portability/start-uploaded-import";
import { runAfterResponse } from "@/lib/webhooks/run-after-response";

export const runtime = "nodejs";
// Vercel: the import runs after the response within this function's time; what is left is resumed
// by the next GET of its report (or the cron tick). See docs/portability.md.
export const maxDuration = 300;
const RUN_BUDGET_MS = 270_000;

export const POST = api({
  auth: "key-or-session",
  action: "project.manage",
  scopes: ["posts:write"],
  docs: {
    summary: "Start an import",
    description:
      "Imports a Ghost JSON export, a WordPress WXR file, Markdown files with YAML front matter (one `.md` or a `.zip`), or an Inkbase JSON export. Answers at once; the import runs in the background: follow it with `GET /api/imports/{id}`. Re-importing the same file updates what it imported before and duplicates nothing. Files up to 32 MiB. Two ways to send the file: `multipart/form-data` with the file itself (on Vercel, whose functions take bodies up to 4.5 MB, only for files up to 4 MB), or JSON `{ uploadId, source, dryRun }` naming a file sent straight to storage through `POST /api/imports/uploads` (any size up to 32 MiB, everywhere).",
    tag: "Portability",
    sdk: 'inkbase.imports.create(new File([/* the export */], "export.json"), { source: "ghost" })',
    requestContent: { "multipart/form-data": importFormSchema, "application/json": importFromUploadSchema },
    responses: { 202: { description: "The import has started.", schema: importStartedSchema } },
    errors: {
      403: "`Verify your email address first`: an import (which can publish posts) from an unverified account; a dry run is allowed",
      404: "`Upload not found`: no import upload of yours with that `uploadId` (or it was used already).",
      409: "`Upload not received`: the file was not sent to the upload's `uploadUrl` yet.",
      413: importErrors.tooLarge,
      415: "`Unsupported Media Type`: send `multipart/form-data` or `application/json`",
      503: mediaErrors.storage,
    },
  },
  handler: async ({ req, principal }) => {
    const request = await readImportRequest(req);
    // An import can publish posts: not before the account's address is verified (ACCOUNTS.md).
    if (!(request.kind === "upload" ? request.input.dryRun : request.dryRun)) requireVerifiedEmail(principal);
    const started =
      request.kind === "upload"
        ? await startUploadedImport({ ownerId: principal.projectId, input: request.input })
        : await createImport({ ownerId: principal.projectId, source: request.source, dryRun: request.dryRun, filename: request.filename, bytes: request.bytes });
    runAfterResponse("import", () => runImport(started.id, { budgetMs: RUN_BUDGET_MS }));
    return Response.json(started, { status: 202, headers: { Location: `/api/imports/${started.id}` } });
  },
});
