// Instant purge (VERCEL.md "What Inkbase adds" 3): after a change that alters public output, the
// tags of what it altered (lib/cache/cache-tags.ts) are purged from Vercel's CDN once the answer is
// sent (Next's after(), which on Vercel keeps the function alive for it, and runs it in the
// request's context). The CDN then serves the stale copy once while it fetches the new one: a
// change shows within seconds although public responses may be kept a day
// (lib/posts/public-http.ts). Off Vercel it does nothing (lib/cache/purge-now.ts).
import { runAfterResponse } from "../webhooks/run-after-response";
import { purgeAvailable, purgeNow, type CacheTags } from "./purge-now";

export { purgeAvailable };

/** `tags` may be a function: it then runs (after the answer) only where a purge can happen. */
export function purgeAfterResponse(label: string, tags: CacheTags): void {
  if (!purgeAvailable()) return;
  runAfterResponse(`cache purge (${label})`, () => purgeNow(label, tags));
}
