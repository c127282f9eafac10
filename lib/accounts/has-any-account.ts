// Whether the database holds any account yet (ACCOUNTS.md "First run"): /signin and the dashboard
// send people to /setup until it does, /setup is a 404 once it does. Checked on those pages'
// requests, so the answer is kept in the process once it is yes; deleting the last account
// forgets it in that process (another instance keeps its answer until it restarts).
import { db } from "../db";

const KEY = Symbol.for("inkbase.hasAnyAccount");
const holder = globalThis as Record<symbol, boolean | undefined>;

export async function hasAnyAccount(): Promise<boolean> {
  if (holder[KEY]) return true;
  const [row] = await db().$queryRaw<{ any: boolean }[]>`SELECT EXISTS (SELECT 1 FROM "User") AS any`;
  if (row?.any) holder[KEY] = true;
  return Boolean(row?.any);
}

/** After an account is deleted: ask the database again next time. */
export function forgetAccountExists(): void {
  holder[KEY] = undefined;
}
