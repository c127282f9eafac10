// PATCH /api/me (ACCOUNTS.md "Account settings"), in one transaction with its mails:
// - display name and avatar (a new display name purges the cached pages that show it);
// - email: the new address gets a confirmation link (24 h; confirm-email-change.ts); until it is
//   followed the account keeps its address. An address another account uses is 409;
// - password: the new hash and a new sessionVersion, so every other session ends; the route
//   re-issues this request's cookie with the new version, so this one stays. A notice is mailed.
// An email or password change first checks `currentPassword` (403 "Wrong password", throttled).
// The answer keeps the shape it had before accounts: { id, username, email, displayName, plan }
// (the email stays the old one until the link is followed); the dashboard reads the rest.
import { recordAudit } from "../audit/record-audit";
import { purgeAfterResponse } from "../cache/purge-after-response";
import { userCacheTags } from "../cache/user-cache-tags";
import { db } from "../db";
import { hashPassword } from "../auth/password";
import type { Principal } from "../auth/principal";
import { conflict } from "../http/api-error";
import { accountMail } from "../mail/account-mail";
import { enqueueMail } from "../mail/enqueue-mail";
import { sendMailsAfterResponse } from "../mail/send-mails-after-response";
import type { UpdateAccountInput } from "./account-input";
import { issueAccountToken } from "./issue-account-token";
import { requireCurrentPassword } from "./require-current-password";

export async function updateAccount(options: { principal: Principal; input: UpdateAccountInput; ip: string }) {
  const { principal, input } = options;
  const newEmail = input.email !== undefined && input.email !== principal.email ? input.email : undefined;
  if (newEmail !== undefined || input.password !== undefined) {
    await requireCurrentPassword({ userId: principal.actorId, email: principal.email, password: input.currentPassword ?? "", ip: options.ip });
  }
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);

  const { profile, mailIds, sessionVersion } = await db().$transaction(async (tx) => {
    const user = await tx.user.update({
      where: { id: principal.actorId },
      data: {
        ...(input.displayName !== undefined ? { displayName: input.displayName } : {}),
        ...(input.avatar !== undefined ? { avatar: input.avatar } : {}),
        ...(passwordHash ? { passwordHash, sessionVersion: { increment: 1 } } : {}),
      },
      select: { id: true, username: true, email: true, sessionVersion: true },
    });
    const mailIds: string[] = [];
    if (newEmail !== undefined) {
      const taken = await tx.user.findUnique({ where: { email: newEmail }, select: { id: true } });
      if (taken) throw conflict({ error: "Email already registered" });
      const token = await issueAccountToken(tx, { userId: user.id, kind: "confirm_email", email: newEmail });
      mailIds.push(await enqueueMail(tx, { ...accountMail({ kind: "confirm_email", to: newEmail, username: user.username, token }), userId: user.id }));
    }
    if (passwordHash) {
      mailIds.push(await enqueueMail(tx, { ...accountMail({ kind: "password_changed", to: user.email, username: user.username }), userId: user.id }));
      await recordAudit(tx, { action: "account.password_changed", target: { type: "account", id: user.id, name: user.username } });
    }
    const profile = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { id: true, username: true, email: true, displayName: true, plan: true } });
    return { profile, mailIds, sessionVersion: passwordHash ? user.sessionVersion : null };
  });
  sendMailsAfterResponse(mailIds);
  // The display name shows on their blog and on every post they co-author (lib/cache).
  if (input.displayName !== undefined) purgeAfterResponse("display name", () => userCacheTags(principal.actorId));
  return { profile, sessionVersion };
}
