// The body of POST /api/imports, one of two:
// - multipart/form-data with `file` and `source` (and `dryRun=true`), at most IMPORT_MAX_BYTES of
//   file, never read past that. On Vercel a request body is capped at 4.5 MB by the platform, so
//   there this is for files up to 4 MB;
// - JSON `{ uploadId, source, dryRun }` naming a file sent straight to storage first
//   (POST /api/imports/uploads): any size up to IMPORT_MAX_BYTES, on Vercel too.
import { z } from "zod";
import { ApiError, badRequest } from "../http/api-error";
import { parseOrThrow } from "../http/parse-input";
import { isJsonMediaType, readJsonBody } from "../http/read-json-body";
import { readCapped, TooLarge } from "../media/read-capped";
import { IMPORT_SOURCES, type ImportSource } from "./import-item";
import { importFromUploadSchema, type ImportFromUpload } from "./import-upload-input";

export const IMPORT_MAX_BYTES = 32 * 1024 * 1024;
const MULTIPART_OVERHEAD = 64 * 1024;

export const importFormSchema = z
  .object({
    file: z.string().meta({ format: "binary", description: "The export: a Ghost .json, a WordPress .xml, a .md or a .zip of them, an Inkbase export .zip (or its posts.json)." }),
    source: z.enum(IMPORT_SOURCES),
    dryRun: z.enum(["true", "false"]).optional().meta({ description: "`true`: only report what would happen; nothing is written." }),
  })
  .meta({ id: "ImportForm" });

export const importTooLarge = () => new ApiError(413, { error: "File too large", limit: IMPORT_MAX_BYTES });
const tooLarge = importTooLarge;

export type ImportRequest =
  | { kind: "form"; source: ImportSource; dryRun: boolean; filename: string; bytes: Uint8Array }
  | { kind: "upload"; input: ImportFromUpload };

export async function readImportRequest(req: Request): Promise<ImportRequest> {
  const contentType = req.headers.get("content-type") ?? "";
  if (isJsonMediaType(contentType)) return { kind: "upload", input: parseOrThrow(importFromUploadSchema, (await readJsonBody(req)) ?? {}) };
  if (!/^multipart\/form-data/i.test(contentType)) throw new ApiError(415, { error: "Unsupported Media Type", expected: "multipart/form-data or application/json" });
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > IMPORT_MAX_BYTES + MULTIPART_OVERHEAD) throw tooLarge();
  const body = await readCapped(req.body, IMPORT_MAX_BYTES + MULTIPART_OVERHEAD).catch((err: unknown) => {
    throw err instanceof TooLarge ? tooLarge() : err;
  });
  const form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { "Content-Type": contentType } }).formData().catch(() => null);
  if (!form) throw badRequest("Invalid input", { issues: [{ path: ["body"], message: "Not a readable multipart/form-data body" }] });
  const file = form.get("file");
  const source = form.get("source");
  const dryRun = form.get("dryRun") ?? new URL(req.url).searchParams.get("dryRun");
  const issues: { path: string[]; message: string }[] = [];
  if (!(file instanceof File)) issues.push({ path: ["file"], message: "A `file` part is required" });
  if (typeof source !== "string" || !(IMPORT_SOURCES as readonly string[]).includes(source)) {
    issues.push({ path: ["source"], message: `One of ${IMPORT_SOURCES.join(", ")}` });
  }
  if (dryRun !== null && dryRun !== "true" && dryRun !== "false") issues.push({ path: ["dryRun"], message: "true or false" });
  if (issues.length) throw badRequest("Invalid input", { issues });
  const upload = file as File;
  if (upload.size > IMPORT_MAX_BYTES) throw tooLarge();
  return { kind: "form", source: source as ImportSource, dryRun: dryRun === "true", filename: upload.name || "upload", bytes: new Uint8Array(await upload.arrayBuffer()) };
}
