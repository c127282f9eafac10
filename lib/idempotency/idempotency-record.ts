// Who owns an Idempotency-Key row and how long things last (PLATFORM.md "Safe retries").
import { Prisma } from "../generated/prisma/client";
import type { Principal } from "../auth/principal";

/** The primary key of a row: the principal (the user, and the API key's id for keys) and the key. */
export type IdempotencyScope = { userId: string; apiKeyId: string; key: string };

export function idempotencyScope(principal: Principal, key: string): IdempotencyScope {
  // Sessions of one user share their keys (a person retrying from another tab is the same client).
  return { userId: principal.projectId, apiKeyId: principal.keyId ?? "", key };
}

/** How long a finished answer is replayed. */
export const REPLAY_HOURS = 24;

/**
 * A claim's lease. The request holding it renews it every RENEW_SECONDS while it runs, so only a
 * claim whose server stopped renewing (crashed, killed, cut off from the database) runs out, and
 * a retry then takes it over. Generous against a renewal delayed by a busy pool or database.
 */
export const LEASE_SECONDS = 60;
export const RENEW_SECONDS = 15;

/** The headers of a stored answer that a replay must give back. */
export const STORED_HEADERS = ["content-type", "location", "etag"] as const;

export type StoredAnswer = { status: number; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> | null };

/** A finished row's answer as a statement reads it (claim-idempotency-key.ts, and the API key lookup that fetches it). */
export function storedAnswerOf(row: { status: number; headers: Record<string, string> | null; body: Buffer | null }): StoredAnswer {
  return { status: row.status, headers: row.headers ?? {}, body: row.body && row.body.length ? new Uint8Array(row.body) : null };
}

/**
 * Put in a statement's FROM list: its transaction (a single statement's) commits without waiting
 * for the disk. `set_config(…, true)` lasts until the transaction ends, and the commit reads it
 * before it ends; the connection's own setting is untouched. Used where losing the write to a
 * database crash is harmless (each use says why).
 */
export const ASYNC_COMMIT = Prisma.sql`set_config('synchronous_commit', 'off', true)`;
