// A project is its owner's username. Unknown: 404 `User not found` (SPEC), not cacheable.
import { sql } from "../db-sql";
import { publicNotFound } from "./public-http";

export async function findProject(username: string): Promise<{ id: string }> {
  const [user] = await sql().$queryRaw<{ id: string }[]>`SELECT id FROM "User" WHERE username = ${username}`;
  if (!user) throw publicNotFound("User not found");
  return user;
}
