// Which deliveries the current request's events created, so the route wrapper can attempt exactly
// those right after the response (deliver-after-response.ts) instead of sweeping every due row on
// every write. Async-local: concurrent requests never see each other's deliveries.
import { AsyncLocalStorage } from "node:async_hooks";

const current = new AsyncLocalStorage<string[]>();

/** Runs `fn` and returns, with its result, the delivery ids that enqueueEvent created inside it. */
export async function collectRequestDeliveries<T>(fn: () => Promise<T>): Promise<{ result: T; deliveryIds: string[] }> {
  const deliveryIds: string[] = [];
  const result = await current.run(deliveryIds, fn);
  return { result, deliveryIds };
}

/** Called by enqueueEvent; a no-op outside collectRequestDeliveries (CLI, cron tick, tests). */
export function noteRequestDeliveries(ids: string[]): void {
  current.getStore()?.push(...ids);
}
