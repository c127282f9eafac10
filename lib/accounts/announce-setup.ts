// Printed while no account exists, so the person who deployed finds the way in from the log:
//   Inkbase has no account yet: open <origin>/setup and enter the code XXXX-XXXX-XXXX
// `npm start`'s server (scripts/serve.ts) says it at every start; a server without it (a Vercel
// function, `next start`) says it once per process, on the first request that finds no account
// (has-any-account.ts), since instrumentation.ts ships in every Vercel function and must not reach
// the database. On Vercel it shows in the runtime log.
import { hasAnyAccount, markSetupAnnounced } from "./has-any-account";
import { setupLine } from "./setup-line";

export async function announceSetup(print: (line: string) => void = (line) => console.log(line)): Promise<void> {
  if (await hasAnyAccount()) return;
  markSetupAnnounced();
  print(await setupLine());
}
