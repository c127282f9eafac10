// POST /api/account/verify-email { token } (no session needed): the link of the verification
// mail, valid 24 hours, once. The link names the address it was sent to; an account whose
// address changed since has a dead link.
import { db } from "../db";
import { consumeAccountToken } from "./consume-account-token";
import { invalidLink, tokenOf } from "./account-token";

export async function verifyEmail(options: { body: unknown }): Promise<{ emailVerified: true }> {
  const token = tokenOf(options.body);
  await db().$transaction(async (tx) => {
    const { userId, email } = await consumeAccountToken(tx, { token, kind: "verify_email" });
    const { count } = await tx.user.updateMany({
      where: { id: userId, ...(email ? { email } : {}) },
      data: { emailVerifiedAt: new Date() },
    });
    if (count === 0) throw invalidLink();
  });
  return { emailVerified: true };
}
