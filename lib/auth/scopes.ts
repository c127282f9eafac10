// The API-key scopes: the six of SPEC "Authentication", the two DASHBOARD.md adds for the
// webhook management API, and the two of MEDIA.md for the media library. The type and the zod enum derive from this one list; sessions are
// unscoped (their `scopes` is null). No scope manages keys: only a signed-in person can.
import { z } from "zod";

export const SCOPES = [
  "collections:read",
  "collections:write",
  "collections:delete",
  "posts:read",
  "posts:write",
  "posts:delete",
  "webhooks:read",
  "webhooks:write",
  "media:read",
  "media:write",
] as const;

export type Scope = (typeof SCOPES)[number];

export const scopeSchema = z.enum(SCOPES);

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
