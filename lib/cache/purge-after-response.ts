// Instant purge (VERCEL.md "What Inkbase adds" 3): after a change that alters public output, the
// tags of what it altered are invalidated on Vercel's CDN with @vercel/functions' invalidateByTag,
// once the answer is sent (Next's after(), which on Vercel keeps the function alive for it). The
// CDN then serves the stale copy once while it fetches the new one: a change shows within
// seconds although public responses may be kept a day (lib/posts/public-http.ts).
// The purge API lives in the request context Vercel's runtime installs; everywhere else there is
// none and this does nothing at all: no tags are even worked out (they can cost a query), so a
// write off Vercel costs what it did. Tests install a request context to observe the calls
// (tests/support/vercel-request-context.mjs).
import { invalidateByTag } from "@vercel/functions";
import { logger } from "../log/logger";
import { runAfterResponse } from "../webhooks/run-after-response";

type RequestContext = { purge?: { invalidateByTag(tags: string | string[]): Promise<void> } };
const REQUEST_CONTEXT = Symbol.for("@vercel/request-context");

/** True inside a request Vercel's runtime serves (where @vercel/functions can purge). */
export function purgeAvailable(): boolean {
  const holder = (globalThis as Record<symbol, { get?: () => RequestContext | undefined } | undefined>)[REQUEST_CONTEXT];
  return Boolean(holder?.get?.()?.purge);
}

type Tags = readonly string[] | (() => Promise<readonly string[]>);

/** `tags` may be a function: it then runs (after the answer) only where a purge can happen. */
export function purgeAfterResponse(label: string, tags: Tags): void {
  if (!purgeAvailable()) return;
  runAfterResponse(`cache purge (${label})`, () => purge(label, tags));
}

/** For work that already runs after the answer (an import): purge now, and wait for it. */
export async function purgeNow(label: string, tags: Tags): Promise<void> {
  if (!purgeAvailable()) return;
  await purge(label, tags).catch((err: unknown) => logger().error({ err, label }, "cache purge failed"));
}

async function purge(label: string, tags: Tags): Promise<void> {
  const list = [...new Set(typeof tags === "function" ? await tags() : tags)];
  if (list.length === 0) return;
  await invalidateByTag(list);
  logger().debug({ label, tags: list }, "purged cache tags");
}
