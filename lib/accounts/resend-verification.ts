// POST /api/account/verify-email/resend (session) → 202 {}: a new verification link (voiding the
// earlier ones) to the account's address. An account already verified gets no mail. At most
// five an hour per account (429 beyond).
import { db } from "../db";
import type { Principal } from "../auth/principal";
import { ApiError } from "../http/api-error";
import { retryAfterSeconds } from "../http/rate-limit";
import { accountMail } from "../mail/account-mail";
import { enqueueMail } from "../mail/enqueue-mail";
import { sendMailsAfterResponse } from "../mail/send-mails-after-response";
import { issueAccountToken } from "./issue-account-token";
import { countMail } from "./mail-throttle";

export async function resendVerification(options: { principal: Principal }): Promise<Record<string, never>> {
  const { principal } = options;
  if (principal.emailVerified) return {};
  const allowed = await countMail("resend", principal.actorId);
  if (!allowed.success) {
    const retryAfter = retryAfterSeconds(allowed);
    throw new ApiError(429, { error: "rate_limited", retryAfter });
  }
  const mailId = await db().$transaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: principal.actorId }, select: { id: true, username: true, email: true, emailVerifiedAt: true } });
    if (user.emailVerifiedAt) return null;
    const token = await issueAccountToken(tx, { userId: user.id, kind: "verify_email", email: user.email });
    return enqueueMail(tx, { ...accountMail({ kind: "verify_email", to: user.email, username: user.username, token }), userId: user.id });
  });
  if (mailId) sendMailsAfterResponse([mailId]);
  return {};
}
