// The front's stand-in for Vercel's CDN cache, enough to show what a reader sees after a change:
// a GET answered 200 with a shared max age (`Vercel-CDN-Cache-Control`, `CDN-Cache-Control`, else
// `Cache-Control`'s s-maxage) and no cookie is kept for that long under its URL, with the tags of
// its `Vercel-Cache-Tag`; later GETs get the stored copy (`x-vercel-cache: HIT`, a 304 when their
// If-None-Match names its ETag) until it expires or a function purges one of its tags through
// Vercel's request context (function-host.cjs): invalidateByTag marks it stale, and as on Vercel
// the next reader still gets the stale copy (`STALE`) while the one after gets a fresh answer;
// dangerouslyDeleteByTag drops it at once. Like Vercel's, it sits after the proxy and before the
// functions.
import type { Purge } from "./start-function";

type Stored = { status: number; headers: Headers; body: Uint8Array; tags: string[]; expires: number; stale?: boolean };

function sharedMaxAge(headers: Headers): number | undefined {
  for (const name of ["vercel-cdn-cache-control", "cdn-cache-control", "cache-control"]) {
    const value = headers.get(name);
    if (!value) continue;
    if (/\b(private|no-store)\b/i.test(value)) return undefined;
    const seconds = /\bs-maxage=(\d+)/i.exec(value) ?? (name === "cache-control" ? null : /\bmax-age=(\d+)/i.exec(value));
    return seconds ? Number(seconds[1]) : undefined;
  }
  return undefined;
}

export type EdgeCache = {
  lookup(method: string, url: string, ifNoneMatch: string | null): Response | undefined;
  /** Keeps a cacheable answer; returns the response to send (its body read once). */
  store(method: string, url: string, response: Response): Promise<Response>;
  purge(purge: Purge): void;
  purges: Purge[];
};

export function edgeCache(): EdgeCache {
  const entries = new Map<string, Stored>();
  const purges: Purge[] = [];
  const send = (stored: Stored, cache: string, status = stored.status, body: Uint8Array | null = stored.body) => {
    const headers = new Headers(stored.headers);
    headers.set("x-vercel-cache", cache);
    return new Response(body as Uint8Array<ArrayBuffer> | null, { status, headers });
  };
  return {
    purges,
    lookup(method, url, ifNoneMatch) {
      if (method !== "GET" && method !== "HEAD") return undefined;
      const stored = entries.get(url);
      if (!stored || stored.expires <= Date.now()) return undefined;
      // Served once more while Vercel revalidates in the background; here the next request does.
      if (stored.stale) entries.delete(url);
      const cache = stored.stale ? "STALE" : "HIT";
      const etag = stored.headers.get("etag");
      if (etag && ifNoneMatch?.split(",").some((tag) => tag.trim() === etag)) return send(stored, cache, 304, null);
      return send(stored, cache, stored.status, method === "HEAD" ? null : stored.body);
    },
    async store(method, url, response) {
      const maxAge = sharedMaxAge(response.headers);
      if (method !== "GET" || response.status !== 200 || !maxAge || response.headers.has("set-cookie")) {
        if (method === "GET" && response.status === 200) entries.delete(url);
        return response;
      }
      const body = new Uint8Array(await response.arrayBuffer());
      const tags = (response.headers.get("vercel-cache-tag") ?? "").split(",").map((tag) => tag.trim()).filter(Boolean);
      const stored = { status: response.status, headers: new Headers(response.headers), body, tags, expires: Date.now() + maxAge * 1000 };
      entries.set(url, stored);
      return send(stored, "MISS");
    },
    purge(purge) {
      purges.push(purge);
      for (const [url, stored] of entries) {
        if (!stored.tags.some((tag) => purge.tags.includes(tag))) continue;
        if (purge.purge === "delete") entries.delete(url);
        else stored.stale = true;
      }
    },
  };
}
