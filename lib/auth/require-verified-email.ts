// ACCOUNTS.md: an unverified account can sign in and write drafts but cannot publish, schedule or
// create keys. The one rule, called by those routes (posts create/update/bulk publish, imports,
// POST /api/keys); the teams work folds it into the permission table.
import { ApiError } from "../http/api-error";
import type { Principal } from "./principal";

export const verifyEmailFirst = () => new ApiError(403, { error: "Verify your email address first" });

export function requireVerifiedEmail(principal: Pick<Principal, "emailVerified">): void {
  if (principal.emailVerified !== true) throw verifyEmailFirst();
}
