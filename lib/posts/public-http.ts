// HTTP caching for public post reads (DECISIONS §5): Cache-Control values, strong ETags derived
// from what a response depends on, If-None-Match → 304 without building the body, and 404s that
// caches must not keep.
import { createHash } from "node:crypto";
import { ApiError } from "../http/api-error";

export const PUBLIC_CACHE_CONTROL = "public, s-maxage=60, stale-while-revalidate=300";
export const SEARCH_CACHE_CONTROL = "public, s-maxage=60";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * Part of every ETag: bump it when the response shape or the rendering changes, so clients
 * holding a tag from an older deploy do not keep an outdated body.
 */
export const POSTS_ETAG_VERSION = "posts-1";

export function strongEtag(parts: unknown): string {
  const digest = createHash("sha256").update(JSON.stringify([POSTS_ETAG_VERSION, parts])).digest("base64url");
  return `"${digest.slice(0, 32)}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): a W/ prefix does not matter. */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}

/** 200 with the body, or 304 with no body when the client already holds this ETag. */
export async function conditionalJson(
  req: Request,
  options: { etag: string | null; cacheControl: string; body: () => Promise<unknown> | unknown },
): Promise<Response> {
  const headers: Record<string, string> = { "Cache-Control": options.cacheControl };
  if (options.etag) headers.ETag = options.etag;
  if (options.etag && etagMatches(req.headers.get("if-none-match"), options.etag)) {
    return new Response(null, { status: 304, headers });
  }
  return Response.json(await options.body(), { headers });
}

export function publicNotFound(error: string): ApiError {
  return new ApiError(404, { error }, { "Cache-Control": "no-store" });
}
