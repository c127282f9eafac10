// POST /api/account/sign-out-everywhere → 204: a new sessionVersion ends every session of the
// account, this one too (the route also expires this browser's cookie).
import { db } from "../db";

export async function signOutEverywhere(options: { userId: string }): Promise<void> {
  await db().user.update({ where: { id: options.userId }, data: { sessionVersion: { increment: 1 } } });
}
