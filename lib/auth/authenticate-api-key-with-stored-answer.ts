// A keyed write's API key and, in the same statement, the finished answer stored under its
// Idempotency-Key. A retry answered from the stored row (a replay) then costs one round trip, as
// GET /api/health does, instead of the key lookup and the claim in turn (bench/README.md, issue 24).
//
// Only a finished, unexpired answer is read here; anything else (no row, a running or lapsed
// claim, an expired answer) comes back as no answer and the wrapper claims the key as always
// (claim-idempotency-key.ts, whose insert is what makes a claim atomic). Reading ahead of the claim
// is safe because a finished answer never changes until it expires: only an expired row is taken
// over. "Unexpired" is the claim's own test (`expiresAt` after the statement's now()).
//
// The key is judged first, by the same rules as the plain lookup (api-key-principal.ts): the
// answer of an unknown, revoked or expired key is never returned, and the join does not even
// read it for a revoked one.
import { sql } from "../db-sql";
import type { FinishedClaim } from "../idempotency/claim-idempotency-key";
import { storedAnswerOf } from "../idempotency/idempotency-record";
import { hashApiKey, isWellFormedApiKey } from "./api-key-format";
import { apiKeyPrincipal, KEY_COLUMNS, KEY_FROM, type KeyRow } from "./api-key-principal";
import type { Principal } from "./principal";

type Row = KeyRow & {
  status: number | null;
  requestHash: string | null;
  headers: Record<string, string> | null;
  body: Buffer | null;
};

export async function authenticateApiKeyWithStoredAnswer(
  token: string,
  idempotencyKey: string,
): Promise<{ principal: Principal | null; stored: FinishedClaim | null }> {
  if (!isWellFormedApiKey(token)) return { principal: null, stored: null };
  const hash = hashApiKey(token);
  // The row's scope is idempotencyScope()'s (idempotency-record.ts) for a key's principal: the
  // key's user and the key's id.
  const [row] = await sql().$queryRaw<Row[]>`
    SELECT ${KEY_COLUMNS}, i.status, i."requestHash", i.headers, i.body
    FROM ${KEY_FROM}
    LEFT JOIN "IdempotencyKey" i
      ON i."userId" = k."userId" AND i."apiKeyId" = k.id AND i.key = ${idempotencyKey}
     AND k."revokedAt" IS NULL AND i.status IS NOT NULL AND i."expiresAt" > now()
    WHERE k.hash = ${hash}`;
  const principal = apiKeyPrincipal(row, hash);
  if (!principal || row.status === null) return { principal, stored: null };
  return { principal, stored: { kind: "finished", requestHash: row.requestHash ?? "", answer: storedAnswerOf({ ...row, status: row.status }) } };
}
