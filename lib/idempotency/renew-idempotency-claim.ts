// Keeps a running request's claim alive (idempotency-record.ts, LEASE_SECONDS): only a claim
// whose server stopped renewing it runs out and can be taken over by a retry. Without waiting for
// the disk, like the claim itself.
import { sql } from "../db-sql";
import { ASYNC_COMMIT, LEASE_SECONDS, type IdempotencyScope } from "./idempotency-record";

export async function renewIdempotencyClaim(scope: IdempotencyScope, token: string): Promise<void> {
  await sql().$executeRaw`
    UPDATE "IdempotencyKey" SET "lockedUntil" = now() + make_interval(secs => ${LEASE_SECONDS})
    FROM (SELECT ${ASYNC_COMMIT}) AS commit_mode
    WHERE "userId" = ${scope.userId} AND "apiKeyId" = ${scope.apiKeyId} AND key = ${scope.key} AND token = ${token} AND status IS NULL`;
}
