// Whether the database holds any account yet (ACCOUNTS.md "First run"): /signin and the dashboard
// send people to /setup until it does, /setup is a 404 once it does. Checked on those pages'
// requests, so the answer is kept in the process once it is yes; deleting the last account
// forgets it in that process (another instance keeps its answer until it restarts).
// The first "no" of a process that has not announced the setup code yet (a Vercel function:
// announce-setup.ts) prints the announcement, once.
import { db } from "../db";
import { setupLine } from "./setup-line";

const KEY = Symbol.for("inkbase.hasAnyAccount");
const ANNOUNCED = Symbol.for("inkbase.setupAnnounced");
const holder = globalThis as Record<symbol, boolean | undefined>;

export async function hasAnyAccount(): Promise<boolean> {
  if (holder[KEY]) return true;
  const [row] = await db().$queryRaw<{ any: boolean }[]>`SELECT EXISTS (SELECT 1 FROM "User") AS any`;
  if (row?.any) holder[KEY] = true;
  else if (!holder[ANNOUNCED]) {
    markSetupAnnounced();
    setupLine().then((line) => console.log(line), () => {});
  }
  return Boolean(row?.any);
}

/** The setup code has been printed in this process (announce-setup.ts). */
export function markSetupAnnounced(): void {
  holder[ANNOUNCED] = true;
}

/** After an account is deleted: ask the database again next time. */
export function forgetAccountExists(): void {
  holder[KEY] = undefined;
}
