import type { Scope } from "./scopes";

/** Who is calling. Tenant filters take `userId` from here, never from the URL. */
export type Principal = {
  kind: "key" | "session";
  userId: string;
  username: string;
  email: string;
  plan: "free" | "pro";
  /**
   * Whether the account's email address is verified (ACCOUNTS.md): an unverified account may
   * write drafts but not publish, schedule or create keys (lib/auth/require-verified-email.ts).
   */
  emailVerified: boolean;
  /** The key's scopes; null for a session, which is unscoped. */
  scopes: Scope[] | null;
  keyId: string | null;
  /** The key's shown prefix (`ink_` + 8), recorded as the author of collection changes. */
  keyPrefix?: string;
};
