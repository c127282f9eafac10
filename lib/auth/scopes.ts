// The six API-key scopes of SPEC "Authentication". The type and the zod enum derive from this
// one list; sessions are unscoped (their `scopes` is null).
import { z } from "zod";

export const SCOPES = [
  "collections:read",
  "collections:write",
  "collections:delete",
  "posts:read",
  "posts:write",
  "posts:delete",
] as const;

export type Scope = (typeof SCOPES)[number];

export const scopeSchema = z.enum(SCOPES);

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}
