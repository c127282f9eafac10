import type { NextRequest } from "next/server";
import { db } from "../db";
import type { Principal } from "./principal";
import { sessionUserId } from "./session-user-id";

/** The session's user, re-read from the database so plan changes and deletions apply at once. */
export async function authenticateSession(req: NextRequest): Promise<Principal | null> {
  const userId = await sessionUserId(req);
  if (!userId) return null;
  const user = await db().user.findUnique({
    where: { id: userId },
    select: { id: true, username: true, email: true, plan: true },
  });
  if (!user) return null;
  return { kind: "session", userId: user.id, username: user.username, email: user.email, plan: user.plan, scopes: null, keyId: null };
}
