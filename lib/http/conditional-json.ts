// Conditional GET for any route with an ETag: If-None-Match → 304 with no body, so a route can
// skip loading and serializing what the client already holds (the body is a callback).

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
