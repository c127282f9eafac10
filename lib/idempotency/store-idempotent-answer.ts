// The last step of a keyed write that answered (anything but a 5xx or a 429): keep the answer
// for replays. Only while the claim is still this request's: a claim taken over after its lease
// ran out belongs to the request that took it (the count says whether the row was this request's).
//
// `runner`: the request's transaction (run-idempotently.ts), so that the answer commits with the
// write's effect, or the pool for a request that made no database call.
//
// A success waits for the disk like any commit: were it lost in a database crash, the claim
// (durable, see claim-idempotency-key.ts) would lapse and a retry would run the write again. A 4xx
// changed nothing (writes are all or nothing), so losing its answer costs at most a rerun that
// changes nothing either: it commits without waiting.
import { Prisma } from "../generated/prisma/client";
import { sql, type SqlRunner } from "../db-sql";
import { ASYNC_COMMIT, type IdempotencyScope, type StoredAnswer } from "./idempotency-record";

export async function storeIdempotentAnswer(
  scope: IdempotencyScope,
  token: string,
  requestHash: string,
  answer: StoredAnswer,
  runner: SqlRunner = sql(),
): Promise<number> {
  const commitMode = answer.status >= 400 ? ASYNC_COMMIT : Prisma.sql`NULL`;
  return runner.$executeRaw`
    UPDATE "IdempotencyKey"
    SET status = ${answer.status}, headers = ${JSON.stringify(answer.headers)}::jsonb, body = ${answer.body ? Buffer.from(answer.body) : null}::bytea,
        "requestHash" = ${requestHash}, "lockedUntil" = now()
    FROM (SELECT ${commitMode}) AS commit_mode
    WHERE "userId" = ${scope.userId} AND "apiKeyId" = ${scope.apiKeyId} AND key = ${scope.key} AND token = ${token}`;
}

/**
 * The same, as the last statement of the request's transaction (run-idempotently.ts), sent with its
 * COMMIT: when the claim is no longer this request's, the division by zero aborts the transaction,
 * so the COMMIT rolls the request's writes back, and `isClaimLost` tells that error apart.
 */
export function storeIdempotentAnswerStatement(scope: IdempotencyScope, token: string, requestHash: string, answer: StoredAnswer): Prisma.Sql {
  const commitMode = answer.status >= 400 ? ASYNC_COMMIT : Prisma.sql`NULL`;
  return Prisma.sql`
    WITH stored AS (
      UPDATE "IdempotencyKey"
      SET status = ${answer.status}, headers = ${JSON.stringify(answer.headers)}::jsonb, body = ${answer.body ? Buffer.from(answer.body) : null}::bytea,
          "requestHash" = ${requestHash}, "lockedUntil" = now()
      FROM (SELECT ${commitMode}) AS commit_mode
      WHERE "userId" = ${scope.userId} AND "apiKeyId" = ${scope.apiKeyId} AND key = ${scope.key} AND token = ${token}
      RETURNING 1)
    SELECT 1 / count(*)::int AS stored FROM stored`;
}

/** The error of storeIdempotentAnswerStatement when the claim was taken over (division_by_zero). */
export function isClaimLost(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === "22012";
}
