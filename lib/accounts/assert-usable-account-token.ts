// Whether a link can still be used, without using it: the reset page's submit checks the link
// before it judges the new password, so a dead link never asks for one.
import { db } from "../db";
import { hashAccountToken, invalidLink, type AccountTokenKind } from "./account-token";

export async function assertUsableAccountToken(options: { token: string; kind: AccountTokenKind; now?: Date }): Promise<void> {
  const now = options.now ?? new Date();
  const found = await db().accountToken.findFirst({
    where: { tokenHash: hashAccountToken(options.token), kind: options.kind, usedAt: null, expiresAt: { gt: now } },
    select: { id: true },
  });
  if (!found) throw invalidLink();
}
