// A keyed write that failed in a way worth retrying (a 5xx, a 429) gives its key back, so that a
// retry with the same key runs again instead of being told the request is in progress. Without
// waiting for the disk: a release lost in a crash leaves a claim that lapses and is taken over.
import { sql } from "../db-sql";
import { ASYNC_COMMIT, type IdempotencyScope } from "./idempotency-record";

export async function releaseIdempotencyKey(scope: IdempotencyScope, token: string): Promise<void> {
  await sql().$executeRaw`
    DELETE FROM "IdempotencyKey" USING (SELECT ${ASYNC_COMMIT}) AS commit_mode
    WHERE "userId" = ${scope.userId} AND "apiKeyId" = ${scope.apiKeyId} AND key = ${scope.key} AND token = ${token} AND status IS NULL`;
}
