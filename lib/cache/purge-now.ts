// The purge itself (lib/cache/purge-after-response.ts says when it runs): @vercel/functions'
// invalidateByTag with the tags of what changed, once each. The purge API lives in the request
// context Vercel's runtime installs for each request; everywhere else there is none and this does
// nothing at all: no tags are even worked out (they can cost a query), so a write off Vercel costs
// what it did. No Next.js here: the CLI's import loads this file. Tests install a request context
// to watch the calls (tests/support/vercel-request-context.mjs).
import { invalidateByTag } from "@vercel/functions";
import { logger } from "../log/logger";

type RequestContext = { purge?: { invalidateByTag(tags: string | string[]): Promise<void> } };
const REQUEST_CONTEXT = Symbol.for("@vercel/request-context");

export type CacheTags = readonly string[] | (() => Promise<readonly string[]>);

/** True inside a request Vercel's runtime serves (where @vercel/functions can purge). */
export function purgeAvailable(): boolean {
  const holder = (globalThis as Record<symbol, { get?: () => RequestContext | undefined } | undefined>)[REQUEST_CONTEXT];
  return Boolean(holder?.get?.()?.purge);
}

/** Purges now and waits for it; for work that already runs after the answer (an import). Never throws. */
export async function purgeNow(label: string, tags: CacheTags): Promise<void> {
  if (!purgeAvailable()) return;
  try {
    const list = [...new Set(typeof tags === "function" ? await tags() : tags)];
    if (list.length === 0) return;
    await invalidateByTag(list);
    logger().debug({ label, tags: list }, "purged cache tags");
  } catch (err) {
    logger().error({ err, label }, "cache purge failed");
  }
}
