// Conditional GET for any route with an ETag: If-None-Match → 304 with no body, so a route can
// skip loading and serializing what the client already holds (the body is a callback). A full
// response whose ETag this instance has already served is sent from the body cache.
import { cacheTagHeaders } from "../cache/cache-tags";
import { bodyCacheKey, cachedBody, rememberBody } from "./body-cache";

/**
 * If-None-Match uses the weak comparison (RFC 9110 §13.1.2): a W/ prefix does not matter; `*`
 * matches any current representation.
 */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((token) => {
    const candidate = token.trim().replace(/^W\//, "");
    return candidate === "*" || candidate === etag;
  });
}

const encoder = new TextEncoder();

/**
 * 200 with the body, or 304 with no body when the client already holds this ETag; any content type
 * (feeds, sitemaps, images). With an ETag, the rendered bytes are kept in the body cache.
 * `cacheTags`: what a change purges this response by (lib/cache/cache-tags.ts), on both answers.
 */
export async function conditionalBody(
  req: Request,
  options: { etag: string | null; cacheControl: string; contentType: string; body: () => Promise<string | ArrayBuffer | Uint8Array>; cacheTags?: readonly string[] },
): Promise<Response> {
  const headers: Record<string, string> = { "Cache-Control": options.cacheControl, ...cacheTagHeaders(options.cacheTags) };
  if (options.etag) headers.ETag = options.etag;
  if (options.etag && etagMatches(req.headers.get("if-none-match"), options.etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers["Content-Type"] = options.contentType;
  const key = options.etag ? bodyCacheKey(req.url, options.etag) : null;
  const hit = key ? cachedBody(key) : undefined;
  if (hit) return new Response(hit as Uint8Array<ArrayBuffer>, { headers });
  const body = await options.body();
  const bytes = typeof body === "string" ? encoder.encode(body) : body instanceof Uint8Array ? body : new Uint8Array(body);
  if (key) rememberBody(key, bytes);
  return new Response(bytes as Uint8Array<ArrayBuffer>, { headers });
}

/** conditionalBody for JSON: the value is serialized once, on a miss. */
export function conditionalJson(
  req: Request,
  options: { etag: string | null; cacheControl: string; body: () => Promise<unknown> | unknown; cacheTags?: readonly string[] },
): Promise<Response> {
  return conditionalBody(req, {
    etag: options.etag,
    cacheControl: options.cacheControl,
    cacheTags: options.cacheTags,
    contentType: "application/json",
    body: async () => JSON.stringify(await options.body()),
  });
}
