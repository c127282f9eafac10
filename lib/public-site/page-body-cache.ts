// Rendered public pages kept by their ETag, like the API's bodies (lib/http/body-cache.ts), so a
// page this instance has already rendered is answered by proxy.ts from memory: no React render, no
// post load. The proxy computes the strong ETag from the page's one key statement either way.
//
// A page component can not see its own HTML, so the server that `npm start` runs
// (scripts/serve.ts) captures it: for a GET the proxy marks with CAPTURE_HEADER, the uncompressed
// 200 body and its headers are stored under the key the header carries, and the header is removed
// before anything is sent. Elsewhere (Vercel's runtime) there is no capture and nothing is stored;
// there the CDN keeps the pages (their Cache-Control is public, s-maxage=60).
import { sizedLru } from "../cache/sized-lru";
import { bodyCacheKey } from "../http/body-cache";
import { env } from "../env";

export const CAPTURE_HEADER = "x-inkbase-capture-page";

/** Set by scripts/serve.ts, the one server that captures page bodies. */
export const CAPTURE_ENV = "INKBASE_CAPTURE_PAGES";

export type StoredPage = { bytes: Uint8Array; headers: [string, string][] };

const cache = sizedLru<StoredPage>({
  slot: "inkbase.pageBodyCache",
  // The same setting as the API's body cache: one figure bounds each of the two stores.
  maxTotal: () => env.responseCacheBytes,
  sizeOf: (page) => page.bytes.byteLength + 200 * page.headers.length,
});

export function pageCaptureEnabled(): boolean {
  return process.env[CAPTURE_ENV] === "1" && env.responseCacheBytes > 0;
}

export function pageCacheKey(url: URL, etag: string): string {
  return bodyCacheKey(url.href, etag);
}

export function cachedPage(key: string): StoredPage | undefined {
  return pageCaptureEnabled() ? cache.get(key) : undefined;
}

export function rememberPage(key: string, page: StoredPage): void {
  if (pageCaptureEnabled()) cache.set(key, page);
}
