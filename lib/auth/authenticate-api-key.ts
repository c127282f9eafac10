import { sql } from "../db-sql";
import { hashApiKey, isWellFormedApiKey } from "./api-key-format";
import { apiKeyPrincipal, KEY_COLUMNS, KEY_FROM, type KeyRow } from "./api-key-principal";
import type { Principal } from "./principal";

/** Resolves a bearer token to its owner, or null for malformed, unknown, revoked and expired keys. */
export async function authenticateApiKey(token: string): Promise<Principal | null> {
  if (!isWellFormedApiKey(token)) return null;
  const hash = hashApiKey(token);
  // Looking up by the hash leaks nothing about stored keys: an attacker controls the input, not
  // its digest. The constant-time comparison guards the final check all the same.
  // One raw statement (a join, prepared once per connection) on pg directly (lib/db-sql.ts)
  // rather than Prisma's relation select: every keyed request runs it, and it was a visible share
  // of a write's CPU.
  const [key] = await sql().$queryRaw<KeyRow[]>`
    SELECT ${KEY_COLUMNS}
    FROM ${KEY_FROM}
    WHERE k.hash = ${hash}`;
  return apiKeyPrincipal(key, hash);
}
