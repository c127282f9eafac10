// POST /api/account/password-reset { email } → 202 {} whatever the address (ACCOUNTS.md): the
// answer reveals no account, in its body or its time. The request is judged and answered at
// once; looking the address up, writing the link and queuing the mail (one transaction) happen
// after the response (Next's after(); on Vercel the function stays alive for it), so a known
// and an unknown address take the same time to answer. An unknown address gets no mail; one
// address gets at most five reset mails an hour, one client IP may ask twenty times an hour.
import { after } from "next/server";
import { db } from "../db";
import { ApiError } from "../http/api-error";
import { parseOrThrow } from "../http/parse-input";
import { retryAfterSeconds } from "../http/rate-limit";
import { isStorableText } from "../http/storable-text";
import { accountMail } from "../mail/account-mail";
import { deliverDueMails } from "../mail/deliver-due-mails";
import { enqueueMail } from "../mail/enqueue-mail";
import { passwordResetRequestSchema } from "./account-input";
import { issueAccountToken } from "./issue-account-token";
import { countMail } from "./mail-throttle";

export async function requestPasswordReset(options: { body: unknown; ip: string }): Promise<Record<string, never>> {
  const { email } = parseOrThrow(passwordResetRequestSchema, options.body);
  const perIp = await countMail("resetPerIp", options.ip);
  if (!perIp.success) throw new ApiError(429, { error: "rate_limited", retryAfter: retryAfterSeconds(perIp) });
  const address = email.trim().toLowerCase();
  const task = () =>
    sendPasswordReset(address).catch((err: unknown) => console.error("[accounts] preparing a password reset mail failed", err));
  try {
    after(task);
  } catch {
    void task(); // outside a Next request (tests calling lib directly)
  }
  return {};
}

/** The work after the answer: nothing at all for an unknown address. */
export async function sendPasswordReset(address: string): Promise<string | null> {
  if (!address || !isStorableText(address)) return null;
  const user = await db().user.findUnique({ where: { email: address }, select: { id: true, username: true, email: true } });
  if (!user) return null;
  if (!(await countMail("resetPerAddress", user.id)).success) return null;
  const mailId = await db().$transaction(async (tx) => {
    const token = await issueAccountToken(tx, { userId: user.id, kind: "reset_password" });
    return enqueueMail(tx, { ...accountMail({ kind: "reset_password", to: user.email, username: user.username, token }), userId: user.id });
  });
  await deliverDueMails({ mailIds: [mailId], budgetMs: 20_000 });
  return mailId;
}
