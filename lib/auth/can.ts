// The one decision of who may do what (STYLE.md "Who may do what"): the caller's role in the
// current project against lib/auth/permissions.ts, with ownership where the table says "own".
// Decided by the role, never by "is this a key?" (Ghost's lesson); key scopes are checked by the
// route wrapper on top, so a personal key is its scopes within its maker's role now.
import { ApiError, sessionRequired } from "../http/api-error";
import { PERMISSIONS, type Action, type Permission } from "./permissions";
import type { Principal } from "./principal";
import { atLeast } from "./roles";

/** What ownership needs to know: who created it, its { userId } co-authors, whether it is a draft. */
export type OwnedResource = { createdById: string | null; coauthorIds?: string[]; draft?: boolean };

export const notAllowedForRole = (role: string) => new ApiError(403, { error: "Not allowed for your role", role });

/**
 * Without `resource`: whether the role may take the action on anything at all (a route's first
 * gate; "own" actions are decided again once the resource is known). With it: exactly.
 */
export function can(principal: Pick<Principal, "role" | "actorId" | "kind">, action: Action, resource?: OwnedResource): boolean {
  const rule: Permission = PERMISSIONS[action];
  if (rule.sessionOnly && principal.kind === "key") return false;
  if (atLeast(principal.role, rule.min)) return true;
  const ownership = rule.own?.[principal.role];
  if (!ownership) return false;
  if (!resource) return true;
  const mine = resource.createdById === principal.actorId || (resource.coauthorIds ?? []).includes(principal.actorId);
  return mine && (ownership === "own" || resource.draft === true);
}

/** can(), or the refusal: 403 "Session required" for keys on session-only actions, else "Not allowed for your role". */
export function authorize(principal: Pick<Principal, "role" | "actorId" | "kind">, action: Action, resource?: OwnedResource): void {
  if (can(principal, action, resource)) return;
  if ((PERMISSIONS[action] as Permission).sessionOnly && principal.kind === "key") throw sessionRequired();
  throw notAllowedForRole(principal.role);
}
