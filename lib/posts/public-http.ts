// HTTP caching for public post reads (DECISIONS §5): Cache-Control values, strong ETags derived
// from what a response depends on, and 404s that caches must not keep. The 304 itself is
// lib/http/conditional-json.ts.
import { createHash } from "node:crypto";
import { env } from "../env";
import { ApiError } from "../http/api-error";

export const PUBLIC_CACHE_CONTROL = "public, s-maxage=60, stale-while-revalidate=300";
/**
 * On Vercel every change purges the responses it alters (lib/cache/purge-after-response.ts), so
 * its CDN may keep a public response a day instead of a minute: readers hit the CDN, and a change
 * still shows within seconds. Stale-while-revalidate stays five minutes. Elsewhere nothing purges
 * a shared cache, so a minute it stays.
 */
export const PURGED_PUBLIC_CACHE_CONTROL = "public, s-maxage=86400, stale-while-revalidate=300";
export const SEARCH_CACHE_CONTROL = "public, s-maxage=60";

export function publicCacheControl(): string {
  return env.onVercel ? PURGED_PUBLIC_CACHE_CONTROL : PUBLIC_CACHE_CONTROL;
}
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

export function publicNotFound(error: string): ApiError {
  return new ApiError(404, { error }, { "Cache-Control": "no-store" });
}
