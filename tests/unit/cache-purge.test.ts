// The purge off Vercel and on it (lib/cache/purge-after-response.ts): without Vercel's request
// context nothing is called and no tags are worked out (a write costs what it did); with one,
// @vercel/functions' invalidateByTag reaches its purge API with the tags, each once. And the
// public Cache-Control: a minute at shared caches, a day on Vercel where purging is in place.
import { afterEach, describe, expect, it } from "vitest";
import { cacheTagHeaders } from "../../lib/cache/cache-tags";
import { purgeAfterResponse } from "../../lib/cache/purge-after-response";
import { purgeAvailable, purgeNow } from "../../lib/cache/purge-now";
import { publicCacheControl } from "../../lib/posts/public-http";

const CONTEXT = Symbol.for("@vercel/request-context");
const holder = globalThis as Record<symbol, unknown>;
const vercel = process.env.VERCEL;
afterEach(() => {
  delete holder[CONTEXT];
  if (vercel === undefined) delete process.env.VERCEL;
  else process.env.VERCEL = vercel;
});

describe("purging", () => {
  it("does nothing off Vercel, not even working out the tags", async () => {
    expect(purgeAvailable()).toBe(false);
    let asked = 0;
    purgeAfterResponse("test", async () => {
      asked++;
      return ["project-x"];
    });
    await purgeNow("test", async () => {
      asked++;
      return ["project-x"];
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toBe(0);
  });

  it("hands the tags, once each, to the purge API of Vercel's request context", async () => {
    const calls: unknown[] = [];
    holder[CONTEXT] = { get: () => ({ purge: { invalidateByTag: async (tags: string[]) => void calls.push(tags) } }) };
    expect(purgeAvailable()).toBe(true);
    // Outside a request (no after()), the work runs at once in the background.
    purgeAfterResponse("test", async () => ["post-a", "project-u", "post-a"]);
    await purgeNow("test", ["sitemap"]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual(expect.arrayContaining([["post-a", "project-u"], ["sitemap"]]));
    expect(calls).toHaveLength(2);
  });
});

describe("the public Cache-Control and the tag header", () => {
  it("keeps a minute off Vercel and a day on it, with the same stale-while-revalidate", () => {
    delete process.env.VERCEL;
    expect(publicCacheControl()).toBe("public, s-maxage=60, stale-while-revalidate=300");
    process.env.VERCEL = "1";
    expect(publicCacheControl()).toBe("public, s-maxage=86400, stale-while-revalidate=300");
  });

  it("joins tags with commas, once each, and sends no header without tags", () => {
    expect(cacheTagHeaders(["project-u", "post-p", "project-u"])).toEqual({ "Vercel-Cache-Tag": "project-u,post-p" });
    expect(cacheTagHeaders([])).toEqual({});
    expect(cacheTagHeaders(undefined)).toEqual({});
  });
});
