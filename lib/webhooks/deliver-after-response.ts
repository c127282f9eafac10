// After a write commits, its deliveries are attempted at once, in the background: Next's after()
// runs the task once the response is sent (on Vercel it keeps the function alive for it). What
// this run does not finish (a receiver down, ordering behind an earlier retry, the budget) is left
// to the cron tick.
import { after } from "next/server";
import { deliverDueWebhooks } from "./deliver-due-webhooks";

/** Stays well inside a serverless function's lifetime after the response. */
const AFTER_RESPONSE_BUDGET_MS = 20_000;

export function deliverAfterResponse(deliveryIds: string[]): void {
  if (!deliveryIds.length) return;
  try {
    after(async () => {
      try {
        await deliverDueWebhooks({ deliveryIds, budgetMs: AFTER_RESPONSE_BUDGET_MS });
      } catch (err) {
        console.error("[webhooks] delivery after the response failed; the cron tick will retry", err);
      }
    });
  } catch {
    // Outside a Next request (tests calling a route function directly, scripts): nothing to hook
    // into; the deliveries are in the outbox and the next tick sends them.
  }
}
