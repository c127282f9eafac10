// The Account page's view of the account: as its owner sees it, with the address waiting for
// confirmation (the newest unused, unexpired confirm_email link), if any.
import type { Tx } from "../db";
import { db } from "../db";
import { notFound } from "../http/api-error";

export async function getProfile(options: { userId: string; tx?: Tx }) {
  const client = options.tx ?? db();
  const user = await client.user.findUnique({
    where: { id: options.userId },
    select: { id: true, username: true, email: true, displayName: true, avatar: true, plan: true, emailVerifiedAt: true },
  });
  if (!user) throw notFound("User not found");
  const pending = await client.accountToken.findFirst({
    where: { userId: user.id, kind: "confirm_email", usedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
    select: { newEmail: true },
  });
  const { emailVerifiedAt, ...profile } = user;
  return { ...profile, emailVerified: emailVerifiedAt !== null, pendingEmail: pending?.newEmail ?? null };
}
