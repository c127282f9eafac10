// Rendered JSON bodies of conditional reads, kept per instance and keyed by the ETag the read
// path already computes from everything the body depends on. A request whose keys statement
// yields an ETag this instance has rendered before gets those bytes without loading, rendering
// or serializing anything; any change to what the body shows changes the ETag, so a stale body
// can never be found. The URL is part of the key as well, so two routes whose ETags happened to
// agree could never swap bodies. Bounded by bytes (RESPONSE_CACHE_BYTES, default 64 MiB).
import { sizedLru } from "../cache/sized-lru";
import { env } from "../env";

const cache = sizedLru<Uint8Array>({
  slot: "inkbase.bodyCache",
  maxTotal: () => env.responseCacheBytes,
  sizeOf: (bytes) => bytes.byteLength,
});

export function bodyCacheKey(url: string, etag: string): string {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}\n${etag}`;
}

export function cachedBody(key: string): Uint8Array | undefined {
  return env.responseCacheBytes > 0 ? cache.get(key) : undefined;
}

export function rememberBody(key: string, bytes: Uint8Array): void {
  if (env.responseCacheBytes > 0) cache.set(key, bytes);
}

/** For tests that need a cold cache. */
export function clearBodyCache(): void {
  cache.clear();
}
