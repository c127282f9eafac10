// ACCOUNTS.md: a change of email or password, and a deletion, need the account's password; a
// wrong one is 403 "Wrong password", throttled like sign-in (the account's and the client IP's
// counters). An account without a password (single sign-on) has none to give: it sets one
// through a reset link first.
import { db } from "../db";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "../auth/password";
import { ApiError } from "../http/api-error";
import { throttledCheck } from "./throttled-check";

export const wrongPassword = () => new ApiError(403, { error: "Wrong password" });

export async function requireCurrentPassword(options: { userId: string; email: string; password: string; ip: string }): Promise<void> {
  await throttledCheck(
    { email: options.email, ip: options.ip },
    async () => {
      const user = await db().user.findUnique({ where: { id: options.userId }, select: { passwordHash: true } });
      const ok = await verifyPassword(options.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
      return ok && Boolean(user?.passwordHash);
    },
    wrongPassword,
  );
}
