import { db } from "../db";
import { DUMMY_PASSWORD_HASH, verifyPassword } from "../auth/password";
import { isStorableText } from "../http/storable-text";

/** The next-auth credentials check. Unknown e-mail and wrong password look the same, in time too. */
export async function verifyCredentials(
  email: string,
  password: string,
): Promise<{ id: string; email: string; name: string } | null> {
  // An e-mail PostgreSQL cannot store names no account (and would make the query throw).
  const user = !isStorableText(email) ? null : await db().user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, email: true, username: true, displayName: true, passwordHash: true },
  });
  const ok = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user || !ok) return null;
  return { id: user.id, email: user.email, name: user.displayName ?? user.username };
}
