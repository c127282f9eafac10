// The line that tells whoever deployed where to set Inkbase up (announce-setup.ts). A code from
// SETUP_CODE is not repeated in the log: whoever set it knows it.
import { env } from "../env";
import { setupCode } from "./setup-code";

export async function setupLine(): Promise<string> {
  const { code, fromEnvironment } = await setupCode();
  const enter = fromEnvironment ? "the code set in SETUP_CODE" : `the code ${code}`;
  return `Inkbase has no account yet: open ${env.publicBaseUrl}/setup and enter ${enter}`;
}
