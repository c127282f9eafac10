// A project is its owner's username. Unknown: 404 `User not found` (SPEC), not cacheable.
import { db } from "../db";
import { publicNotFound } from "./public-http";

export async function findProject(username: string): Promise<{ id: string }> {
  const user = await db().user.findUnique({ where: { username }, select: { id: true } });
  if (!user) throw publicNotFound("User not found");
  return user;
}
