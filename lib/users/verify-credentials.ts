import { db } from "../db";
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from "../auth/password";
import { isStorableText } from "../http/storable-text";
import { logger } from "../log/logger";

/**
 * The next-auth credentials check. Unknown e-mail, an account without a password (made through
 * single sign-on, until a reset link sets one) and a wrong password look the same, in time too.
 * A hash made with an older, cheaper cost is replaced by one of today's cost on the way.
 */
export async function verifyCredentials(
  email: string,
  password: string,
): Promise<{ id: string; email: string; name: string; sessionVersion: number } | null> {
  // An e-mail PostgreSQL cannot store names no account (and would make the query throw).
  const user = !isStorableText(email) ? null : await db().user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, email: true, username: true, displayName: true, passwordHash: true, sessionVersion: true },
  });
  const stored = user?.passwordHash ?? DUMMY_PASSWORD_HASH;
  const ok = await verifyPassword(password, stored);
  if (!user || !user.passwordHash || !ok) return null;
  if (needsRehash(stored)) await upgradeHash(user.id, stored, password);
  return { id: user.id, email: user.email, name: user.displayName ?? user.username, sessionVersion: user.sessionVersion };
}

/** Only while the stored hash is still the old one: a password changed meanwhile is kept. */
async function upgradeHash(userId: string, old: string, password: string): Promise<void> {
  try {
    await db().user.updateMany({ where: { id: userId, passwordHash: old }, data: { passwordHash: await hashPassword(password) } });
  } catch (err) {
    logger().warn({ userId, err }, "could not upgrade a password hash; the next sign-in tries again");
  }
}
