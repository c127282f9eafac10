// The terminal's line per request (LOG_FORMAT resolved to `pretty`), written by scripts/serve.ts
// when the response has been sent: method, path, status, time. The path only, as in the JSON
// access log: a query can hold search text or, from careless clients, keys. Next's own build
// assets are left out (a page load fetches a dozen); client-side navigations and prefetches of a
// page say so, since they answer differently from a page load (a prefetch may be a redirect).
import type { IncomingMessage, ServerResponse } from "node:http";
import { logger } from "./logger";

export function logRequest(req: IncomingMessage, res: ServerResponse): void {
  const url = req.url ?? "/";
  if (url.startsWith("/_next/")) return;
  const started = performance.now();
  res.once("finish", () => {
    const log = logger();
    if (!log.isLevelEnabled("info")) return;
    const note = req.headers["next-router-prefetch"] || req.headers["next-router-segment-prefetch"] ? "prefetch" : req.headers.rsc ? "navigation" : undefined;
    const path = url.split("?")[0];
    log.info({ method: req.method, path, status: res.statusCode, ms: Math.round(performance.now() - started), note }, "request");
  });
}
