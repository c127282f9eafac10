// The client IP that the public read rate limit counts against (DECISIONS §1, TRUST_PROXY).
//
// What Next 16 gives a route handler (checked in next@16.4.6, dist/server/base-server.js,
// handleRequestImpl): no socket and no `request.ip` (removed in Next 15). `next start` only does
//   req.headers['x-forwarded-for'] ??= originalRequest.socket.remoteAddress
// i.e. it fills X-Forwarded-For from the socket when the request has none, and otherwise leaves
// a client-sent X-Forwarded-For exactly as received: neither overwritten nor appended to. So
// behind plain `next start`, X-Forwarded-For is the socket address only if the client did not
// forge one, and a client can pick any identity it likes.
//
// Hence the contract with the launcher: a custom server that has the Node request calls
// `stampSocketAddress(req)` before handing it to Next. It overwrites SOCKET_ADDRESS_HEADER with
// the real socket address, so a client copy of that header never survives. Without TRUST_PROXY
// that header is the answer; when it is absent (no launcher, e.g. bare `next start` or
// `next dev`) we fall back to the first X-Forwarded-For entry, the best Next offers, which is
// the socket address for honest clients but can be forged.
import type { IncomingMessage } from "node:http";
import { env } from "../env";

export const SOCKET_ADDRESS_HEADER = "x-inkbase-socket-address";

const UNKNOWN = "unknown";

// A dual-stack listener reports IPv4 peers as "::ffff:1.2.3.4"; one client must map to one key
// whether it came in over the IPv4 or the IPv6 form.
function normalize(ip: string): string {
  const trimmed = ip.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return (mapped ? mapped[1] : trimmed).toLowerCase();
}

function firstForwarded(request: Request): string | undefined {
  const first = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return first ? normalize(first) : undefined;
}

export function clientIp(request: Request): string {
  if (env.trustProxy) {
    // The proxy (Vercel, a load balancer) puts the client it saw first; later entries are hops.
    const forwarded = firstForwarded(request);
    if (forwarded) return forwarded;
  }
  const socket = request.headers.get(SOCKET_ADDRESS_HEADER)?.trim();
  if (socket) return normalize(socket);
  return firstForwarded(request) ?? UNKNOWN;
}

/** For the launcher's custom server: record the peer address in a header clients cannot forge. */
export function stampSocketAddress(req: IncomingMessage): void {
  const address = req.socket.remoteAddress;
  if (address) req.headers[SOCKET_ADDRESS_HEADER] = address;
  else delete req.headers[SOCKET_ADDRESS_HEADER];
}
