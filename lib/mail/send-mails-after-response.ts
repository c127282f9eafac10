// After a change commits, its mails are sent at once, in the background: Next's after() runs the
// task once the response is sent (on Vercel it keeps the function alive for it), so an SMTP
// outage never fails or slows the request. What this run does not send is left to the cron tick.
import { after } from "next/server";
import { afterCommit } from "../request-context/request-context";
import { deliverDueMails } from "./deliver-due-mails";

const AFTER_RESPONSE_BUDGET_MS = 20_000;

export function sendMailsAfterResponse(mailIds: string[]): void {
  if (!mailIds.length) return;
  const run = () =>
    deliverDueMails({ mailIds, budgetMs: AFTER_RESPONSE_BUDGET_MS }).catch((err: unknown) => {
      console.error("[mail] sending after the response failed; the cron tick will retry", err);
    });
  // Only once the mails' rows are committed: a keyed write's transaction (lib/request-context)
  // commits after its handler returns.
  afterCommit(() => {
    try {
      after(run);
    } catch {
      // Outside a Next request (scripts, tests calling lib directly): send in the background.
      void run();
    }
  });
}
