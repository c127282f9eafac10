// A project is its owner's username. Unknown: 404 `User not found` (SPEC), not cacheable.
import { db } from "../db";
import { publicNotFound } from "./public-http";

export type Project = { id: string; username: string; displayName: string | null; avatar: string | null; updatedAt: Date };

export async function findProject(username: string): Promise<Project> {
  const user = await db().user.findUnique({
    where: { username },
    select: { id: true, username: true, displayName: true, avatar: true, updatedAt: true },
  });
  if (!user) throw publicNotFound("User not found");
  return user;
}
