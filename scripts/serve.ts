// The HTTP server `npm start` runs (`next start` equivalent through Next's programmatic API).
// It exists for one reason: Next gives route handlers no socket address and lets a client-sent
// X-Forwarded-For through unchanged, so without TRUST_PROXY the public rate limit could be
// dodged by forging that header. Here the real peer address is stamped into a header that
// clients cannot forge (lib/http/client-ip.ts) before Next sees the request. Under `npm start`
// it also calls its own cron tick every 30 s (scheduled posts, webhook retries), so a local
// install needs no external cron (lib/cron/in-process-ticker.ts).
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { env } from "../lib/env";
import { stampSocketAddress } from "../lib/http/client-ip";
import { repairRequestUrl } from "../lib/http/repair-path";
import { ensureCronSecret, startInProcessTicker, TICKER_USER_AGENT } from "../lib/cron/in-process-ticker";
import { logFormat } from "../lib/log/log-format";
import { logRequest } from "../lib/log/log-request";
import { announceSetup } from "../lib/accounts/announce-setup";

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");
const hostnameFlag = process.argv.indexOf("--hostname");
const hostname = hostnameFlag > 0 ? process.argv[hostnameFlag + 1] : undefined;

async function main(): Promise<void> {
  // Read here, not at import: a malformed PORT is an EnvironmentError that the catch below prints.
  const port = env.port;
  // Only under the launcher (scripts/start.ts, which opens an IPC channel): servers started
  // otherwise, such as the test suite's, leave ticking to whoever calls the tick.
  const underLauncher = typeof process.send === "function";
  const cronSecret = underLauncher ? ensureCronSecret() : undefined;
  // tsx, which runs this file, turns Node's source maps on for every module loaded after it: in
  // production that had each of the build's server chunks read and parse its source map (9 MB for
  // the largest) when first required, about a tenth of a second of every route's first request
  // (bench/cold-start) and memory kept for the life of the process. `next start` and Vercel run the
  // same chunks without: stack traces name the build's files, as there. `npm run dev` keeps them.
  if (!dev) process.setSourceMapsEnabled(false);
  const { default: next } = await import("next");
  const app = next({ dev, dir: root, hostname: hostname ?? "localhost", port });
  await app.prepare();
  const handle = app.getRequestHandler();
  // On a terminal, one short line per request (lib/log/log-format.ts); elsewhere the API's JSON
  // access lines are the log, as on Vercel.
  const requestLines = logFormat() === "pretty";
  const server = http.createServer((req, res) => {
    if (requestLines && req.headers["user-agent"] !== TICKER_USER_AGENT) logRequest(req, res);
    stampSocketAddress(req);
    if (req.url) req.url = repairRequestUrl(req.url);
    void handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, hostname, resolve));
  console.log(`[inkbase] serving ${dev ? "development" : "production"} build on port ${port}`);
  const ticker = cronSecret ? startInProcessTicker(`http://${ownAddress(server)}`, cronSecret) : null;
  // ACCOUNTS.md "First run": while the database holds no account, every start says where to set
  // Inkbase up. Here, not in instrumentation.ts, which ships in every Vercel function (the
  // proxy's too) and so must not reach the database; a Vercel function says it on its first
  // request that finds no account (lib/accounts/has-any-account.ts). Not awaited: the server
  // answers meanwhile, and an unreachable database is /api/health's to report.
  announceSetup().catch((err: unknown) => console.warn(`[inkbase] could not check for a first account: ${err instanceof Error ? err.message : String(err)}`));

  const shutdown = () => {
    // Finish in-flight requests, but never hang a deploy or a Ctrl-C on a slow client.
    setTimeout(() => process.exit(0), 5000).unref();
    // A delivery cut off here stays claimed until its lock lapses, then the next tick retries it.
    void ticker?.stop();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  // Launched by scripts/start.ts with an IPC channel: if the launcher dies, even by SIGKILL, the
  // channel closes and we stop too rather than serve errors from a port whose database is gone.
  if (typeof process.send === "function") process.on("disconnect", shutdown);
}

/** Where this process can reach its own server (a wildcard listen is reached on loopback). */
function ownAddress(server: http.Server): string {
  const { address, port } = server.address() as AddressInfo;
  if (address === "::" || address === "0.0.0.0") return `127.0.0.1:${port}`;
  return address.includes(":") ? `[${address}]:${port}` : `${address}:${port}`;
}

main().catch((err) => {
  // An environment problem (lib/env-check.ts at start, lib/env-formats.ts when a value is read)
  // is the operator's to fix: its message says how, and a stack trace would only bury it.
  if (err instanceof Error && err.name === "EnvironmentError") console.error(`[inkbase] ${err.message}`);
  else console.error("[inkbase] server failed to start", err);
  process.exit(1);
});
