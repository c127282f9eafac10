// Writes a new single-use link for an account, in the caller's transaction, and voids the
// account's earlier unused links of the same kind (a newer link voids older ones). Returns the
// token for the mail; only its hash is stored.
import type { Tx } from "../db";
import { newAccountToken, TOKEN_LIFETIME_MS, type AccountTokenKind } from "./account-token";

export async function issueAccountToken(
  tx: Tx,
  options: { userId: string; kind: AccountTokenKind; /** The address the link is for (verify and confirm). */ email?: string; now?: Date },
): Promise<string> {
  const now = options.now ?? new Date();
  await tx.accountToken.updateMany({ where: { userId: options.userId, kind: options.kind, usedAt: null }, data: { usedAt: now } });
  const { token, tokenHash } = newAccountToken();
  await tx.accountToken.create({
    data: {
      kind: options.kind,
      tokenHash,
      userId: options.userId,
      newEmail: options.email ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[options.kind]),
    },
  });
  return token;
}
