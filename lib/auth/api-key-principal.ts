// The one judgement of an API key row, shared by the two statements that read it (the plain
// lookup, authenticate-api-key.ts, and the lookup that also fetches a stored Idempotency-Key
// answer, authenticate-api-key-with-stored-answer.ts), so that both refuse exactly the same keys
// and throttle lastUsedAt through the same per-process map.
import { Prisma } from "../generated/prisma/client";
import { db } from "../db";
import { hashesEqual } from "./api-key-format";
import type { Principal } from "./principal";
import { isScope } from "./scopes";
import { logger } from "../log/logger";

// lastUsedAt is informational: write it at most once a minute per key, so a busy key does not
// turn every read into a write.
const LAST_USED_THROTTLE_MS = 60_000;
const lastUsedWrites = new Map<string, number>();

export type KeyRow = {
  id: string;
  prefix: string;
  hash: string;
  scopes: string[];
  revokedAt: Date | null;
  expiresAt: Date | null;
  /** Judged by the database's clock in the statement that read the row, like a stored answer's expiry. */
  expired: boolean;
  lastUsedAt: Date | null;
  userId: string;
  username: string;
  email: string;
  plan: Principal["plan"];
  emailVerified: boolean;
};

/**
 * The columns of a KeyRow, from `"ApiKey" k JOIN "User" u`. `expiresAt` is a `timestamp` holding
 * UTC (Prisma's convention), hence now() in UTC for the comparison.
 */
export const KEY_COLUMNS = Prisma.sql`k.id, k.prefix, k.hash, k.scopes, k."revokedAt", k."expiresAt", k."expiresAt" <= (now() AT TIME ZONE 'UTC') IS TRUE AS expired, k."lastUsedAt",
           u.id AS "userId", u.username, u.email, u.plan::text AS plan, u."emailVerifiedAt" IS NOT NULL AS "emailVerified"`;

/** The key's principal, or null for unknown, revoked and expired keys. Records lastUsedAt (throttled). */
export function apiKeyPrincipal(key: KeyRow | undefined, hash: string): Principal | null {
  if (!key || key.revokedAt || !hashesEqual(key.hash, hash)) return null;
  // An expired key is refused exactly like a revoked one (401), from the first millisecond past it
  // by the database's clock (the statement's now()), the clock every expiry is judged by
  // (Idempotency-Key answers, account links): one server's drifting clock changes nothing.
  if (key.expired) return null;
  touchLastUsed(key.id, key.lastUsedAt);
  return {
    kind: "key",
    userId: key.userId,
    username: key.username,
    email: key.email,
    plan: key.plan,
    emailVerified: key.emailVerified,
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
