// A mail run: claim a batch of due mails, send them in parallel, repeat until nothing is due or
// the time budget is spent. A failed mail is rescheduled at least a minute ahead, so the same run
// does not claim it again.
import { attemptMail } from "./attempt-mail";
import { claimDueMails } from "./claim-due-mails";

export type MailRunResult = { sent: number; failed: number };

const BATCH_SIZE = 10;

export async function deliverDueMails(options: { mailIds?: string[]; budgetMs?: number } = {}): Promise<MailRunResult> {
  const started = Date.now();
  const budgetMs = options.budgetMs ?? Infinity;
  const result: MailRunResult = { sent: 0, failed: 0 };
  if (options.mailIds && !options.mailIds.length) return result;
  while (Date.now() - started < budgetMs) {
    const claims = await claimDueMails({ limit: BATCH_SIZE, mailIds: options.mailIds });
    if (!claims.length) break;
    const outcomes = await Promise.allSettled(claims.map((mail) => attemptMail(mail)));
    for (const outcome of outcomes) {
      if (outcome.status === "fulfilled" && outcome.value === "sent") result.sent++;
      else {
        // Recording failed (database trouble): the claim lapses and a later run retries.
        if (outcome.status === "rejected") console.error("[mail] recording a send failed", outcome.reason);
        result.failed++;
      }
    }
  }
  return result;
}
