// Uses a link, once: one UPDATE that marks it used only while it is unused and unexpired, so two
// concurrent uses of one link cannot both succeed (the second waits on the row, then finds it
// used). Anything else is 400 "Invalid or expired link".
import type { Tx } from "../db";
import { hashAccountToken, invalidLink, type AccountTokenKind } from "./account-token";

export async function consumeAccountToken(tx: Tx, options: { token: string; kind: AccountTokenKind; now?: Date }): Promise<{ userId: string; email: string | null }> {
  const now = options.now ?? new Date();
  const rows = await tx.$queryRaw<{ userId: string; newEmail: string | null }[]>`
    UPDATE "AccountToken" SET "usedAt" = ${now}::timestamp(3)
    WHERE "tokenHash" = ${hashAccountToken(options.token)}
      AND kind = ${options.kind}::"AccountTokenKind"
      AND "usedAt" IS NULL
      AND "expiresAt" > ${now}::timestamp(3)
    RETURNING "userId", "newEmail"`;
  const [row] = rows;
  if (!row) throw invalidLink();
  return { userId: row.userId, email: row.newEmail };
}
