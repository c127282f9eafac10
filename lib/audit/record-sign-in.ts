// Sign-ins in the audit log (TEAMS.md): `account.signed_in`, and `account.sign_in_failed`, the one
// refused request that writes a row. next-auth serves sign-in outside the route wrapper, so the
// origin is passed in (lib/auth/next-auth-route.ts). The row goes to the log of the account whose
// address was tried; an address no account uses has no project and no row (and nothing tells
// the caller which case it was). Its own one-statement write: a failed sign-in has no other.
import { sql } from "../db-sql";
import { Prisma } from "../generated/prisma/client";
import { isStorableText } from "../http/storable-text";
import { auditInsertSql } from "./record-audit";

export async function recordSignIn(options: { email: string; succeeded: boolean; ip: string; requestId: string }): Promise<void> {
  const email = options.email.trim().toLowerCase();
  if (!email || !isStorableText(email)) return;
  const [account] = await sql().$queryRaw<{ id: string; username: string }[]>(Prisma.sql`SELECT id, username FROM "User" WHERE email = ${email}`);
  if (!account) return;
  const insert = auditInsertSql({
    action: options.succeeded ? "account.signed_in" : "account.sign_in_failed",
    target: { type: "account", id: account.id, name: account.username },
    actor: { type: "user", id: account.id, username: account.username },
    projectId: account.id,
    origin: { requestId: options.requestId, ip: options.ip },
  });
  if (insert) await sql().$executeRaw(insert);
}
