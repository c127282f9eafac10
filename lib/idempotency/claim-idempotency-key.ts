// The first step of a keyed write, in one statement: claim the key (insert a row without an
// answer) or read the row already there. One round trip on both the fresh and the replay path;
// the insert's ON CONFLICT DO NOTHING leaves an existing row untouched (no lock, no write), so a
// replay is a read.
//
// The claim commits without waiting for its write-ahead log to reach the disk (ASYNC_COMMIT):
// the handler's own transaction, which commits after it, does wait, and the log is written in
// order, so whenever the write the claim guards is durable, so is the claim. A claim lost in a
// database crash guarded nothing that survived. That saves a disk flush on every keyed write.
import { randomUUID } from "node:crypto";
import { sql } from "../db-sql";
import { ASYNC_COMMIT, LEASE_SECONDS, REPLAY_HOURS, storedAnswerOf, type IdempotencyScope, type StoredAnswer } from "./idempotency-record";

export type Claim =
  /** This request owns the key and runs; `token` proves it when it completes or releases. */
  | { kind: "claimed"; token: string }
  /** Another request holds a live claim. */
  | { kind: "running" }
  | FinishedClaim;

/** The answer of the first request, and the fingerprint it was given for. */
export type FinishedClaim = { kind: "finished"; requestHash: string; answer: StoredAnswer };

type Row = {
  claimed: string | null;
  token: string | null;
  status: number | null;
  requestHash: string | null;
  headers: Record<string, string> | null;
  body: Buffer | null;
  lapsed: boolean | null;
};

export async function claimIdempotencyKey(scope: IdempotencyScope): Promise<Claim> {
  for (let attempt = 0; ; attempt++) {
    const token = randomUUID();
    // The joined row is read from the statement's snapshot, so a claim committed by a concurrent
    // request after that snapshot is neither inserted over nor seen: the loop asks again.
    const [row] = await sql().$queryRaw<Row[]>`
      WITH claim AS (
        INSERT INTO "IdempotencyKey" ("userId", "apiKeyId", key, token, "lockedUntil", "createdAt", "expiresAt")
        VALUES (${scope.userId}, ${scope.apiKeyId}, ${scope.key}, ${token},
                now() + make_interval(secs => ${LEASE_SECONDS}), now(), now() + make_interval(hours => ${REPLAY_HOURS}))
        ON CONFLICT DO NOTHING
        RETURNING token)
      SELECT (SELECT token FROM claim) AS claimed, k.token, k.status, k."requestHash", k.headers, k.body,
             (k."expiresAt" <= now() OR (k.status IS NULL AND k."lockedUntil" <= now())) AS lapsed
      FROM (SELECT ${ASYNC_COMMIT}) AS commit_mode
      LEFT JOIN "IdempotencyKey" k ON k."userId" = ${scope.userId} AND k."apiKeyId" = ${scope.apiKeyId} AND k.key = ${scope.key}`;
    if (row.claimed) return { kind: "claimed", token: row.claimed };
    if (row.token === null) {
      if (attempt < 5) continue;
      throw new Error("Idempotency-Key: the row that conflicted stayed invisible");
    }
    if (row.lapsed) {
      // A claim whose server stopped renewing it, or an answer past its 24 hours not pruned yet:
      // start afresh, unless another request took it over first (then ask again).
      const taken = await takeOver(scope, row.token, token);
      if (taken) return { kind: "claimed", token };
      continue;
    }
    if (row.status === null) return { kind: "running" };
    return {
      kind: "finished",
      requestHash: row.requestHash ?? "",
      answer: storedAnswerOf({ ...row, status: row.status }),
    };
  }
}

async function takeOver(scope: IdempotencyScope, previous: string, token: string): Promise<boolean> {
  const updated = await sql().$executeRaw`
    UPDATE "IdempotencyKey"
    SET token = ${token}, status = NULL, "requestHash" = NULL, headers = NULL, body = NULL,
        "lockedUntil" = now() + make_interval(secs => ${LEASE_SECONDS}), "createdAt" = now(),
        "expiresAt" = now() + make_interval(hours => ${REPLAY_HOURS})
    FROM (SELECT ${ASYNC_COMMIT}) AS commit_mode
    WHERE "userId" = ${scope.userId} AND "apiKeyId" = ${scope.apiKeyId} AND key = ${scope.key} AND token = ${previous}
      AND ("expiresAt" <= now() OR (status IS NULL AND "lockedUntil" <= now()))`;
  return updated === 1;
}
