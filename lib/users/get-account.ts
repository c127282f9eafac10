import { db } from "../db";

/** What the dashboard shows about the signed-in user. */
export async function getAccount(input: { userId: string }) {
  return db().user.findUnique({
    where: { id: input.userId },
    select: { id: true, username: true, email: true, displayName: true, avatar: true, plan: true, createdAt: true },
  });
}
