import type { Role } from "./roles";
import type { Scope } from "./scopes";

/**
 * Who is calling, split in two (TEAMS.md): the project the request works in and the account
 * that acts. Tenant filters take `projectId` from here, never from the URL; account settings and
 * bylines take `actorId`.
 */
export type Principal = {
  kind: "key" | "session";
  /** The project (its owner's user id): THE tenant filter. */
  projectId: string;
  /** The project's name in public URLs (its owner's username). */
  projectUsername: string;
  /** The project's plan, that is its owner's: limits are the project's, not the member's. */
  plan: "free" | "pro";
  /** The caller's role in the project: `owner` for the owner, a project key's own role. */
  role: Role;
  /** The acting account: the session's, a personal key's maker, a project key's maker or the owner. */
  actorId: string;
  actorUsername: string;
  /** The acting account's address (a project key: the owner's). */
  email: string;
  /**
   * Whether the acting account's address is verified (ACCOUNTS.md): an unverified account may
   * write drafts but not publish, schedule or create keys (lib/auth/require-verified-email.ts).
   */
  emailVerified: boolean;
  /** The key's scopes; null for a session, which is unscoped. */
  scopes: Scope[] | null;
  keyId: string | null;
  /** The key's shown prefix (`ink_` + 8), recorded as the author of collection changes. */
  keyPrefix?: string;
  /** `personal` keys act as their maker within the maker's role now; `project` keys as the project. */
  keyKind: "personal" | "project" | null;
};
