import { db } from "../db";
import { sql } from "../db-sql";
import { hashApiKey, hashesEqual, isWellFormedApiKey } from "./api-key-format";
import type { Principal } from "./principal";
import { isScope } from "./scopes";
import { logger } from "../log/logger";

// lastUsedAt is informational: write it at most once a minute per key, so a busy key does not
// turn every read into a write.
const LAST_USED_THROTTLE_MS = 60_000;
const lastUsedWrites = new Map<string, number>();

type KeyRow = {
  id: string;
  prefix: string;
  hash: string;
  scopes: string[];
  revokedAt: Date | null;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  userId: string;
  username: string;
  email: string;
  plan: Principal["plan"];
};

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
    SELECT k.id, k.prefix, k.hash, k.scopes, k."revokedAt", k."expiresAt", k."lastUsedAt",
           u.id AS "userId", u.username, u.email, u.plan::text AS plan
    FROM "ApiKey" k JOIN "User" u ON u.id = k."userId"
    WHERE k.hash = ${hash}`;
  if (!key || key.revokedAt || !hashesEqual(key.hash, hash)) return null;
  // An expired key is refused exactly like a revoked one (401), from the first millisecond past it.
  if (key.expiresAt && key.expiresAt.getTime() <= Date.now()) return null;
  touchLastUsed(key.id, key.lastUsedAt);
  return {
    kind: "key",
    userId: key.userId,
    username: key.username,
    email: key.email,
    plan: key.plan,
    scopes: key.scopes.filter(isScope),
    keyId: key.id,
    keyPrefix: key.prefix,
  };
}

function touchLastUsed(keyId: string, lastUsedAt: Date | null): void {
  const now = Date.now();
  const last = Math.max(lastUsedAt?.getTime() ?? 0, lastUsedWrites.get(keyId) ?? 0);
  if (now - last < LAST_USED_THROTTLE_MS) return;
  lastUsedWrites.set(keyId, now);
  if (lastUsedWrites.size > 10_000) lastUsedWrites.clear();
  // Not awaited: the request should not wait for bookkeeping, and a failure only loses a timestamp.
  db()
    .apiKey.update({ where: { id: keyId }, data: { lastUsedAt: new Date(now) } })
    .catch((err: unknown) => logger().warn({ keyId, err }, "could not record an API key's lastUsedAt"));
}
