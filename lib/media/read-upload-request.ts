// The body of POST /api/media: `multipart/form-data` with `file` (and `alt`), or the raw bytes
// with `?filename=` (and `&alt=`). At most 4 MiB of file (the largest body a Vercel function
// takes; larger files go through POST /api/media/uploads, which the 413 names), refused from
// Content-Length before reading when it is declared, and never read past the limit when not.
import { badRequest } from "../http/api-error";
import { env } from "../env";
import { fileTooLarge, ONE_REQUEST_MAX_BYTES } from "./media-limits";
import { readCapped, TooLarge } from "./read-capped";

export type UploadRequest = { bytes: Uint8Array; filename: string; alt: string | null; declaredType: string | null };

/** Room for the multipart boundaries and the `alt` field around a file of the maximum size. */
const MULTIPART_OVERHEAD = 64 * 1024;

function tooLarge() {
  // Over MEDIA_MAX_BYTES is simply too large; between that and 4 MiB it is the one-request limit.
  const limit = Math.min(env.mediaMaxBytes, ONE_REQUEST_MAX_BYTES);
  return limit < ONE_REQUEST_MAX_BYTES ? fileTooLarge(limit) : fileTooLarge(limit, { uploads: "/api/media/uploads", hint: "Files over 4 MiB go through POST /api/media/uploads." });
}

export async function readUploadRequest(req: Request, query: { filename?: string; alt?: string }): Promise<UploadRequest> {
  const limit = Math.min(env.mediaMaxBytes, ONE_REQUEST_MAX_BYTES);
  const contentType = req.headers.get("content-type") ?? "";
  const multipart = /^multipart\/form-data/i.test(contentType);
  const bodyLimit = multipart ? limit + MULTIPART_OVERHEAD : limit;
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > bodyLimit) throw tooLarge();
  const body = await readCapped(req.body, bodyLimit).catch((err: unknown) => {
    throw err instanceof TooLarge ? tooLarge() : err;
  });

  if (!multipart) {
    if (!query.filename) throw badRequest("Invalid input", { issues: [{ path: ["filename"], message: "Send ?filename= with raw bytes, or a multipart/form-data body with `file`" }] });
    if (body.byteLength === 0) throw badRequest("Invalid input", { issues: [{ path: ["body"], message: "The body is empty" }] });
    return { bytes: body, filename: query.filename, alt: query.alt ?? null, declaredType: contentType || null };
  }

  const form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { "Content-Type": contentType } }).formData().catch(() => null);
  const file = form?.get("file");
  if (!form || !(file instanceof File)) {
    throw badRequest("Invalid input", { issues: [{ path: ["file"], message: "A multipart/form-data body needs a `file` part" }] });
  }
  if (file.size > limit) throw tooLarge();
  const alt = form.get("alt");
  return {
    bytes: new Uint8Array(await file.arrayBuffer()),
    filename: file.name || query.filename || "image",
    alt: typeof alt === "string" ? alt : (query.alt ?? null),
    declaredType: file.type || null,
  };
}
