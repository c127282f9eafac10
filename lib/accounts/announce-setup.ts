// Printed at every server start while no account exists (instrumentation.ts), so the person who
// deployed finds the way in from the log (on Vercel, the runtime log):
//   Inkbase has no account yet: open <origin>/setup and enter the code XXXX-XXXX-XXXX
// A code from SETUP_CODE is not repeated in the log: whoever set it knows it.
import { env } from "../env";
import { hasAnyAccount } from "./has-any-account";
import { setupCode } from "./setup-code";

export async function announceSetup(print: (line: string) => void = (line) => console.log(line)): Promise<void> {
  if (await hasAnyAccount()) return;
  const { code, fromEnvironment } = await setupCode();
  const enter = fromEnvironment ? "the code set in SETUP_CODE" : `the code ${code}`;
  print(`Inkbase has no account yet: open ${env.publicBaseUrl}/setup and enter ${enter}`);
}
