// The 30-second ticker of `npm start`: scripts/serve.ts, once it listens, calls its own
// GET /api/cron/tick every 30 s with the cron secret, so a local install needs no external cron.
// Through HTTP on purpose:
// - serve.ts is loaded by tsx, so importing the tick's code there would load a second copy of the
//   Prisma client module next to the build's copy, both sharing the one client lib/db.ts caches
//   on globalThis;
// - it used to start inside the build from instrumentation.ts, but instrumentation is part of
//   every Vercel function: importing the tick there shipped everything the tick reaches (sharp,
//   the S3 client, the importers) in each of them, the proxy's included (docs/deploying.md).
// This file imports no lib/ module that touches the database.
import { randomBytes } from "node:crypto";
import { startTicker, type Ticker } from "./start-ticker";
import type { TickResult } from "./run-cron-tick";

export const TICK_INTERVAL_MS = 30_000;
/** The ticker's requests carry this user agent, so the terminal's request log leaves them out. */
export const TICKER_USER_AGENT = "inkbase-in-process-ticker";

/**
 * The route refuses every caller while CRON_SECRET is unset (DECISIONS §1): without one, this
 * process makes up its own before Next reads it, known to nobody else. Call before Next prepares.
 */
export function ensureCronSecret(): string {
  if (!process.env.CRON_SECRET) process.env.CRON_SECRET = randomBytes(24).toString("base64url");
  return process.env.CRON_SECRET;
}

/** Starts ticking `origin` (the server's own address) at once and then every 30 s. */
export function startInProcessTicker(origin: string, secret: string): Ticker {
  const ticker = startTicker({
    intervalMs: TICK_INTERVAL_MS,
    tick: async () => {
      const res = await fetch(`${origin}/api/cron/tick`, {
        headers: { Authorization: `Bearer ${secret}`, "User-Agent": TICKER_USER_AGENT },
        signal: AbortSignal.timeout(120_000),
      });
      if (!res.ok) throw new Error(`GET /api/cron/tick answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      return (await res.json()) as TickResult;
    },
  });
  console.log(`[inkbase] in-process cron tick every ${TICK_INTERVAL_MS / 1000} s`);
  return ticker;
}
