import { db } from "../db";

/** What the dashboard shows about the signed-in user. Never the password hash itself. */
export async function getAccount(input: { userId: string }) {
  const user = await db().user.findUnique({
    where: { id: input.userId },
    select: {
      id: true,
      username: true,
      email: true,
      displayName: true,
      avatar: true,
      plan: true,
      createdAt: true,
      emailVerifiedAt: true,
      sessionVersion: true,
      passwordHash: true,
    },
  });
  if (!user) return null;
  const { passwordHash, ...account } = user;
  // An account made through single sign-on has no password until a reset link sets one.
  return { ...account, hasPassword: passwordHash !== null };
}
