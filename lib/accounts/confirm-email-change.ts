// POST /api/account/confirm-email { token } → 200 { email } (no session needed): the link sent to
// the new address (24 h, once) makes it the account's, counted as verified, and the old address
// gets a notice, in one transaction. An address another account took meanwhile is 409, and the
// link stays unused.
import { recordAudit } from "../audit/record-audit";
import { db } from "../db";
import { conflict } from "../http/api-error";
import { accountMail } from "../mail/account-mail";
import { enqueueMail } from "../mail/enqueue-mail";
import { sendMailsAfterResponse } from "../mail/send-mails-after-response";
import { isUniqueViolation } from "../unique-violation";
import { invalidLink, tokenOf } from "./account-token";
import { consumeAccountToken } from "./consume-account-token";

export async function confirmEmailChange(options: { body: unknown }): Promise<{ email: string }> {
  const token = tokenOf(options.body);
  try {
    const { email, mailId } = await db().$transaction(async (tx) => {
      const { userId, email: newEmail } = await consumeAccountToken(tx, { token, kind: "confirm_email" });
      if (!newEmail) throw invalidLink();
      const old = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, username: true } });
      await tx.user.update({ where: { id: userId }, data: { email: newEmail, emailVerifiedAt: new Date() } });
      // No session: the account itself acted (with the link), in its own project's log.
      await recordAudit(tx, {
        action: "account.email_changed",
        target: { type: "account", id: userId, name: old.username },
        actor: { type: "user", id: userId, username: old.username },
        projectId: userId,
        changes: { from: old.email, to: newEmail },
      });
      const mailId = old.email === newEmail
        ? null
        : await enqueueMail(tx, { ...accountMail({ kind: "email_changed", to: old.email, username: old.username, newEmail }), userId });
      return { email: newEmail, mailId };
    });
    if (mailId) sendMailsAfterResponse([mailId]);
    return { email };
  } catch (err) {
    if (isUniqueViolation(err, "email")) throw conflict({ error: "Email already registered" });
    throw err;
  }
}
