// POST /api/account/password-reset/confirm { token, password } → 200: the reset link (1 hour,
// once; a newer link voids older ones) sets a new password. Every session of the account ends
// (its sessionVersion moves), its sign-in throttle is cleared, the link proves the address (an
// unverified account becomes verified), and a password-changed notice is mailed. The link is
// checked before the password is judged, so a dead link never asks for one; it is used only by
// the transaction that sets the password.
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { hashPassword } from "../auth/password";
import { clearSignInFailures } from "../auth/sign-in-throttle";
import { parseOrThrow } from "../http/parse-input";
import { accountMail } from "../mail/account-mail";
import { enqueueMail } from "../mail/enqueue-mail";
import { sendMailsAfterResponse } from "../mail/send-mails-after-response";
import { passwordResetConfirmSchema } from "./account-input";
import { tokenOf } from "./account-token";
import { assertUsableAccountToken } from "./assert-usable-account-token";
import { consumeAccountToken } from "./consume-account-token";

export async function confirmPasswordReset(options: { body: unknown }): Promise<{ success: true }> {
  const token = tokenOf(options.body);
  await assertUsableAccountToken({ token, kind: "reset_password" });
  const { password } = parseOrThrow(passwordResetConfirmSchema, options.body);
  const passwordHash = await hashPassword(password);
  const { email, mailId } = await db().$transaction(async (tx) => {
    const { userId } = await consumeAccountToken(tx, { token, kind: "reset_password" });
    const now = new Date();
    const user = await tx.user.update({
      where: { id: userId },
      data: { passwordHash, sessionVersion: { increment: 1 } },
      select: { id: true, username: true, email: true, emailVerifiedAt: true },
    });
    if (!user.emailVerifiedAt) await tx.user.update({ where: { id: userId }, data: { emailVerifiedAt: now } });
    await tx.accountToken.updateMany({ where: { userId, kind: "reset_password", usedAt: null }, data: { usedAt: now } });
    const mailId = await enqueueMail(tx, { ...accountMail({ kind: "password_changed", to: user.email, username: user.username }), userId });
    // No session: the account itself acted (with the link), in its own project's log.
    await recordAudit(tx, {
      action: "account.password_changed",
      target: { type: "account", id: user.id, name: user.username },
      actor: { type: "user", id: user.id, username: user.username },
      projectId: user.id,
      changes: { via: "reset_link" },
    });
    return { email: user.email, mailId };
  });
  await clearSignInFailures(email);
  sendMailsAfterResponse([mailId]);
  return { success: true };
}
