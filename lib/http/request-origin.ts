// The origin a browser used to reach us: the Host header (X-Forwarded-Host/-Proto behind a
// trusted proxy, TRUST_PROXY), not request.url, which `next start` builds from its own hostname
// (http://localhost:<port> whatever the browser typed). Null when the headers make no origin.
import { env } from "../env";

export function requestOrigin(req: Request): string | null {
  const first = (name: string) => req.headers.get(name)?.split(",")[0]?.trim() || undefined;
  const host = (env.trustProxy ? first("x-forwarded-host") : undefined) ?? first("host");
  const proto = (env.trustProxy ? first("x-forwarded-proto") : undefined) ?? new URL(req.url).protocol.replace(/:$/, "");
  // A host name or address with an optional port, nothing else (no userinfo, path or query).
  if (!host || !/^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(host)) return null;
  if (proto !== "http" && proto !== "https") return null;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return null;
  }
}
