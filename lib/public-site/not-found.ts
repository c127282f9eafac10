import { ApiError } from "../http/api-error";

/** The public reads throw their 404 as an ApiError; pages turn it into their own 404. Anything else is a real failure. */
export function nullIfNotFound(err: unknown): null {
  if (err instanceof ApiError && err.status === 404) return null;
  throw err;
}

/** The 404 of the public site's non-page routes (feeds, sitemaps, OG images): never cached. */
export function notFoundText(): Response {
  return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store", "Content-Type": "text/plain" } });
}
