// The last step of a keyed write that answered (anything but a 5xx or a 429): keep the answer
// for replays. Only while the claim is still this request's: a claim taken over after its lease
// ran out belongs to the request that took it.
import { sql } from "../db-sql";
import type { IdempotencyScope, StoredAnswer } from "./idempotency-record";

export async function storeIdempotentAnswer(scope: IdempotencyScope, token: string, requestHash: string, answer: StoredAnswer): Promise<void> {
  await sql().$executeRaw`
    UPDATE "IdempotencyKey"
    SET status = ${answer.status}, headers = ${JSON.stringify(answer.headers)}::jsonb, body = ${answer.body ? Buffer.from(answer.body) : null}::bytea,
        "requestHash" = ${requestHash}, "lockedUntil" = now()
    WHERE "userId" = ${scope.userId} AND "apiKeyId" = ${scope.apiKeyId} AND key = ${scope.key} AND token = ${token}`;
}
