// The one judgement of an API key row, shared by the two statements that read it (the plain
// lookup, authenticate-api-key.ts, and the lookup that also fetches a stored Idempotency-Key
// answer, authenticate-api-key-with-stored-answer.ts), so that both refuse exactly the same keys
// and throttle lastUsedAt through the same per-process map.
//
// TEAMS.md "Keys": a project key acts as the project with its own role; a personal key acts as
// its maker with the maker's role *now*, read in the same statement (the membership join), so a
// demotion applies at the next request and a suspension or removal answers 401.
import { Prisma } from "../generated/prisma/client";
import { db } from "../db";
import { hashesEqual } from "./api-key-format";
import type { Principal } from "./principal";
import { isMemberRole, type Role } from "./roles";
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
  kind: string;
  keyRole: string;
  createdById: string | null;
  projectId: string;
  projectUsername: string;
  ownerEmail: string;
  plan: Principal["plan"];
  ownerVerified: boolean;
  makerUsername: string | null;
  makerEmail: string | null;
  makerVerified: boolean | null;
  memberRole: string | null;
  memberStatus: string | null;
};

/**
 * The columns of a KeyRow, from KEY_FROM. `expiresAt` is a `timestamp` holding UTC (Prisma's
 * convention), hence now() in UTC for the comparison.
 */
export const KEY_COLUMNS = Prisma.sql`k.id, k.prefix, k.hash, k.scopes, k."revokedAt", k."expiresAt", k."expiresAt" <= (now() AT TIME ZONE 'UTC') IS TRUE AS expired, k."lastUsedAt",
           k.kind, k.role AS "keyRole", k."createdById",
           u.id AS "projectId", u.username AS "projectUsername", u.email AS "ownerEmail", u.plan::text AS plan,
           u."emailVerifiedAt" IS NOT NULL AS "ownerVerified",
           a.username AS "makerUsername", a.email AS "makerEmail", a."emailVerifiedAt" IS NOT NULL AS "makerVerified",
           m.role AS "memberRole", m.status AS "memberStatus"`;

/** The key, its project (owner) and, for a key made by a member, the maker and their membership now. */
export const KEY_FROM = Prisma.sql`"ApiKey" k JOIN "User" u ON u.id = k."userId"
    LEFT JOIN "User" a ON a.id = k."createdById"
    LEFT JOIN "Membership" m ON m."projectId" = k."userId" AND m."userId" = k."createdById"`;

/** The key's principal, or null for unknown, revoked and expired keys. Records lastUsedAt (throttled). */
export function apiKeyPrincipal(key: KeyRow | undefined, hash: string): Principal | null {
  if (!key || key.revokedAt || !hashesEqual(key.hash, hash)) return null;
  // An expired key is refused exactly like a revoked one (401), from the first millisecond past it
  // by the database's clock (the statement's now()), the clock every expiry is judged by
  // (Idempotency-Key answers, account links): one server's drifting clock changes nothing.
  if (key.expired) return null;
  const acting = keyActor(key);
  if (!acting) return null;
  touchLastUsed(key.id, key.lastUsedAt);
  return {
    kind: "key",
    projectId: key.projectId,
    projectUsername: key.projectUsername,
    plan: key.plan,
    ...acting,
    scopes: key.scopes.filter(isScope),
    keyId: key.id,
    keyPrefix: key.prefix,
  };
}

type Acting = Pick<Principal, "role" | "actorId" | "actorUsername" | "email" | "emailVerified" | "keyKind">;

/** Who the key acts as, or null for a personal key whose maker is no longer an active member. */
function keyActor(key: KeyRow): Acting | null {
  const owner = { actorId: key.projectId, actorUsername: key.projectUsername, email: key.ownerEmail, emailVerified: key.ownerVerified };
  if (key.kind !== "personal") {
    const role: Role = isMemberRole(key.keyRole) ? key.keyRole : "admin";
    const maker = key.createdById && key.makerUsername ? { actorId: key.createdById, actorUsername: key.makerUsername } : {};
    return { ...owner, ...maker, role, keyKind: "project" };
  }
  if (key.createdById === key.projectId) return { ...owner, role: "owner", keyKind: "personal" };
  if (!key.createdById || key.memberStatus !== "active" || !key.memberRole || !isMemberRole(key.memberRole)) return null;
  return {
    actorId: key.createdById,
    actorUsername: key.makerUsername ?? "",
    email: key.makerEmail ?? "",
    emailVerified: key.makerVerified === true,
    role: key.memberRole,
    keyKind: "personal",
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
