// One send of a claimed mail and its record. Sent: the row keeps its recipient, subject and times
// and loses its body, so no live link stays in the database. Failed: retried on the webhook
// deliveries' schedule (about 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h), then marked failed,
// also without its body. The error is logged without the body or any link.
import { db } from "../db";
import { logger } from "../log/logger";
import { nextRetryAt } from "../webhooks/retry-schedule";
import type { ClaimedMail } from "./claim-due-mails";
import { sendMail } from "./send-mail";

export type MailOutcome = "sent" | "retry" | "failed";

export async function attemptMail(mail: ClaimedMail): Promise<MailOutcome> {
  const attempts = mail.attemptCount + 1;
  try {
    // A row without its body was settled by another sender whose claim had lapsed.
    if (mail.text === null || mail.html === null) return "sent";
    await sendMail({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  } catch (err) {
    const now = new Date();
    const retryAt = nextRetryAt(attempts, now);
    const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    await db().mail.update({
      where: { id: mail.id },
      data: retryAt
        ? { attemptCount: attempts, nextAttemptAt: retryAt, lockedUntil: null, lastError }
        : { attemptCount: attempts, nextAttemptAt: null, lockedUntil: null, lastError, status: "failed", text: null, html: null },
    });
    logger().warn({ mailId: mail.id, attempts, retryAt, error: lastError }, retryAt ? "mail not sent; will retry" : "mail not sent; giving up");
    return retryAt ? "retry" : "failed";
  }
  await db().mail.update({
    where: { id: mail.id },
    data: { status: "sent", sentAt: new Date(), attemptCount: attempts, nextAttemptAt: null, lockedUntil: null, lastError: null, text: null, html: null },
  });
  return "sent";
}
