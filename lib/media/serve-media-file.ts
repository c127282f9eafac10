// GET (and HEAD) /media/<id>/<name>: a medium's file, streamed from storage with the headers of
// MEDIA.md "Serving" — the exact type, a year of immutable caching (a URL never changes what it
// serves), its strong ETag and 304, nosniff, inline, and a CSP that lets nothing run should a
// browser be talked into rendering it as a document.
import { etagMatches } from "../http/conditional-json";
import { findMediaFile } from "./find-media-file";
import { mediaStorage } from "./storage";
import { StorageError } from "./storage-error";
import { logger } from "../log/logger";

export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

function notFound(): Response {
  return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } });
}

export async function serveMediaFile(req: Request, id: string, name: string): Promise<Response> {
  const file = await findMediaFile(id, name);
  if (!file) return notFound();
  const headers: Record<string, string> = {
    "Content-Type": file.contentType,
    "Cache-Control": MEDIA_CACHE_CONTROL,
    ETag: file.etag,
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": "inline",
    "Content-Security-Policy": "default-src 'none'",
  };
  if (etagMatches(req.headers.get("if-none-match"), file.etag)) return new Response(null, { status: 304, headers });
  try {
    const object = await mediaStorage().get(file.key);
    if (!object) return notFound();
    headers["Content-Length"] = String(object.size);
    if (req.method === "HEAD") {
      await object.body.cancel();
      return new Response(null, { status: 200, headers });
    }
    return new Response(object.body, { status: 200, headers });
  } catch (err) {
    if (!(err instanceof StorageError)) throw err;
    logger().error({ err, id, name }, "media storage failed while serving");
    return new Response("Storage unavailable\n", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "30" } });
  }
}
