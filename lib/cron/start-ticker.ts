// A tick loop for a long-running server: one tick at start (catching up on whatever fell due
// while the server was down), then one every interval. Ticks never overlap within the process;
// ticks of other processes (cron, a second instance) are kept apart by the claims themselves.
import type { TickResult } from "./run-cron-tick";

export type Ticker = { stop(): Promise<void> };

export function startTicker(options: {
  intervalMs: number;
  tick: () => Promise<TickResult>;
  log?: (message: string) => void;
}): Ticker {
  const log = options.log ?? ((message: string) => console.log(message));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const run = async () => {
    try {
      const { published, delivered, failed } = await options.tick();
      if (published || delivered || failed) {
        log(`[inkbase] tick: ${published} scheduled posts announced, ${delivered} webhooks delivered, ${failed} failed`);
      }
    } catch (err) {
      console.error("[inkbase] tick failed; the next one retries", err);
    }
  };
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = run().finally(() => schedule(options.intervalMs));
    }, delayMs);
    // The server keeps the process alive; the ticker alone must not.
    timer.unref();
  };
  schedule(0);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
