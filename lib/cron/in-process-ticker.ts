// The 30-second ticker of `npm start`. scripts/serve.ts asks for it and instrumentation.ts starts
// it inside Next's server bundle. It cannot simply run in serve.ts: that file is loaded by tsx, so
// importing lib/ there would load a second copy of the Prisma client module next to the bundle's
// copy, and both copies would share the one client cached on globalThis by lib/db.ts (mixing
// objects of two module copies). The handshake goes through globalThis because that is the only
// thing serve.ts and the bundle share; this file therefore imports nothing at top level.
const SLOT = "inkbaseInProcessTicker";
export const TICK_INTERVAL_MS = 30_000;
/** A tick stops claiming new deliveries after this long, so ticks stay near the interval. */
const TICK_BUDGET_MS = 25_000;

type Slot = { requested: boolean; stop?: () => Promise<void> };

function slot(): Slot | undefined {
  return (globalThis as Record<string, unknown>)[SLOT] as Slot | undefined;
}

/** Called by scripts/serve.ts before Next prepares. Returns what stops the ticker on shutdown. */
export function requestInProcessTicker(): { stop(): Promise<void> } {
  const requested: Slot = { requested: true };
  (globalThis as Record<string, unknown>)[SLOT] = requested;
  return {
    async stop() {
      requested.requested = false;
      await requested.stop?.();
    },
  };
}

/** Called by instrumentation.ts when the server starts: a no-op unless serve.ts asked for it. */
export async function startRequestedTicker(): Promise<void> {
  const requested = slot();
  if (!requested?.requested || requested.stop) return;
  const { startTicker } = await import("./start-ticker");
  const { runCronTick } = await import("./run-cron-tick");
  const ticker = startTicker({ intervalMs: TICK_INTERVAL_MS, tick: () => runCronTick({ budgetMs: TICK_BUDGET_MS }) });
  requested.stop = () => ticker.stop();
  console.log(`[inkbase] in-process cron tick every ${TICK_INTERVAL_MS / 1000} s`);
}
