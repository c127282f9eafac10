import { db, type Tx } from "../db";
import { conflict } from "../http/api-error";
import { parseOrThrow } from "../http/parse-input";
import { hashPassword } from "../auth/password";
import { isUniqueViolation } from "../unique-violation";
import { createUserInputSchema, type CreateUserInput } from "./user-input";

export type UserSummary = { id: string; username: string; email: string; plan: "free" | "pro" };

export async function createUser(input: CreateUserInput, tx: Tx = db()): Promise<UserSummary> {
  const data = parseOrThrow(createUserInputSchema, input);
  try {
    const user = await tx.user.create({
      data: {
        username: data.username,
        email: data.email,
        passwordHash: await hashPassword(data.password),
        plan: data.plan,
        displayName: data.displayName ?? null,
        avatar: data.avatar ?? null,
        // Accounts made by the operator (the admin CLI, the demo seed) count as verified
        // (ACCOUNTS.md); sign-up writes its own unverified row (lib/accounts/sign-up.ts).
        emailVerifiedAt: new Date(),
      },
      select: { id: true, username: true, email: true, plan: true },
    });
    return user;
  } catch (err) {
    if (isUniqueViolation(err, "username")) throw conflict({ error: "Username already used" });
    if (isUniqueViolation(err, "email")) throw conflict({ error: "Email already used" });
    throw err;
  }
}
