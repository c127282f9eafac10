// DASHBOARD.md: a write authorized by the session cookie whose `Origin` or `Sec-Fetch-Site` shows
// another site is refused, so a page elsewhere cannot make a signed-in author's browser change
// their content (the cookie is SameSite=Lax, which still lets same-site subdomains and top-level
// form posts through). Requests without these headers (curl, SDKs, servers) carry no ambient
// credentials worth forging and are judged by their credentials as before; API-key requests are
// never affected.
import { env } from "../env";
import { ApiError } from "./api-error";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const crossSiteRefused = () => new ApiError(403, { error: "Cross-site request refused" });

/** The hosts this request may come from: the one it was sent to and PUBLIC_BASE_URL's. */
function ownHosts(req: Request): Set<string> {
  const hosts = new Set<string>([new URL(env.publicBaseUrl).host]);
  const host = req.headers.get("host");
  if (host) hosts.add(host.toLowerCase());
  if (env.trustProxy) {
    const forwarded = req.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
    if (forwarded) hosts.add(forwarded.toLowerCase());
  }
  return hosts;
}

export function refuseCrossSiteWrite(req: Request): void {
  if (SAFE_METHODS.has(req.method)) return;
  const fetchSite = req.headers.get("sec-fetch-site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") throw crossSiteRefused();
  const origin = req.headers.get("origin");
  if (origin === null) return;
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    throw crossSiteRefused(); // "null" (sandboxed frames, privacy-sensitive redirects) or garbage
  }
  if (!ownHosts(req).has(host)) throw crossSiteRefused();
}
