import { db } from "../db";
import { notFound } from "../http/api-error";

export async function findUserByUsername(username: string) {
  const user = await db().user.findUnique({
    where: { username },
    select: { id: true, username: true, email: true, plan: true, displayName: true, avatar: true },
  });
  if (!user) throw notFound("User not found");
  return user;
}
