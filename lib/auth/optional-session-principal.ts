// The signed-in user of a public page, if any (a member's draft preview). Unlike requireAccount,
// a visitor without a (still valid) session is simply nobody: no redirect. `project`: the page's
// project, so a member of it gets their role there; a non-member is nobody here too.
import { ApiError } from "../http/api-error";
import type { Principal } from "./principal";
import { sessionAccount } from "./session-account";
import { sessionPrincipalIn } from "./session-principal";

export async function optionalSessionPrincipal(project: string | null = null): Promise<Principal | null> {
  const account = await sessionAccount();
  if (!account) return null;
  try {
    return await sessionPrincipalIn(account, project);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
