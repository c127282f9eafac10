import type { Principal } from "./principal";

/** DECISIONS §2: `scopes` is null for a session. */
export function toMe(principal: Principal) {
  return {
    id: principal.userId,
    username: principal.username,
    email: principal.email,
    plan: principal.plan,
    scopes: principal.scopes,
  };
}
