// A keyed write from claim to stored answer (PLATFORM.md "Safe retries"; the route wrapper calls
// this once, for writes that send Idempotency-Key):
//   1. claim the key, or find it taken: a live claim → 409 (Retry-After: 1); a stored answer →
//      the request's fingerprint decides between a replay (nothing runs: no handler, no rate-limit
//      charge, no event) and 422. A finished answer the wrapper already read with the API key
//      (lib/auth/authenticate-api-key-with-stored-answer.ts) is taken as the claim's answer
//      without asking again: it cannot change before it expires;
//   2. run the request with its body fingerprinted (fingerprinted-body.ts), renewing the claim's
//      lease meanwhile, in a transaction of its own (lib/request-context): every database call the
//      handler makes joins it, so nothing it writes is committed yet when it answers;
//   3. write the answer (status, Content-Type/Location/ETag, body, kept 24 hours) into the claim's
//      row in that same transaction, and commit: the write's effect and its answer become durable
//      together, or neither does. On a 5xx or a 429 instead, roll back and release the key, so
//      that a retry runs again. A request one of whose domain transactions failed (a 409 for a
//      taken slug) is rolled back whole and keeps its 4xx answer alone (request-transaction.ts).
// A server killed anywhere between the effect and the answer leaves either both committed (a
// retry replays the answer and changes nothing) or neither (the claim is committed on its own, so
// a retry is told 409 until the dead server's lease runs out, then takes the key over and runs).
// tests/durability/idempotency-kill.test.ts kills the server right after the commit.
//
// The claim commits on its own, before the transaction: concurrent requests with the key must
// see it at once (409), not wait on an uncommitted row. The answer is written only while the
// claim is still this request's; a claim taken over after its lease ran out rolls the request
// back (409), so two runs can never both commit.
//
// Everything is in PostgreSQL, so it holds across instances.
import type { NextRequest } from "next/server";
import type { Principal } from "../auth/principal";
import { joinerDb } from "../db";
import { holdTransaction } from "../db-sql";
import { faultPoint } from "../faults/fault-point";
import { logger } from "../log/logger";
import { currentRequest, runInRequestContext } from "../request-context/request-context";
import { RequestTransaction } from "../request-context/request-transaction";
import { claimIdempotencyKey, type FinishedClaim } from "./claim-idempotency-key";
import { fingerprintRequest, type FingerprintedRequest } from "./fingerprinted-body";
import { idempotencyKeyInUse, idempotencyKeyReused } from "./idempotency-errors";
import { idempotencyScope, RENEW_SECONDS, STORED_HEADERS, type IdempotencyScope, type StoredAnswer } from "./idempotency-record";
import { releaseIdempotencyKey } from "./release-idempotency-key";
import { renewIdempotencyClaim } from "./renew-idempotency-claim";
import { isClaimLost, storeIdempotentAnswer, storeIdempotentAnswerStatement } from "./store-idempotent-answer";

export const REPLAYED_HEADER = "Idempotent-Replayed";

export async function runIdempotently(
  input: {
    req: NextRequest;
    principal: Principal;
    key: string;
    requestId: string;
    /** `buffered` when the wrapper parses the body as JSON (it then gets the text read here). */
    body: "buffered" | "streamed";
    /** The finished answer stored under the key, when the API key's lookup found one. */
    stored?: FinishedClaim | null;
  },
  execute: (request: FingerprintedRequest) => Promise<Response>,
): Promise<Response> {
  const { req, requestId } = input;
  const scope = idempotencyScope(input.principal, input.key);
  const claim = input.stored ?? (await claimIdempotencyKey(scope));
  if (claim.kind === "running") throw idempotencyKeyInUse();
  if (claim.kind === "finished") {
    if ((await (await fingerprintRequest(req, input.body)).digest()) !== claim.requestHash) throw idempotencyKeyReused();
    return replay(claim.answer);
  }

  const { token } = claim;
  const log = (what: string) => (err: unknown) => logger().error({ requestId, err }, `Idempotency-Key: ${what} failed`);
  const renewal = setInterval(() => void renewIdempotencyClaim(scope, token).catch(log("renewing the claim")), RENEW_SECONDS * 1000);
  const transaction = new RequestTransaction({ hold: holdTransaction, beginPrisma: (body) => joinerDb().$transaction(body) });
  const context = { requestId, ip: "", principal: input.principal, ...currentRequest(), transaction };
  let answer: StoredAnswer & { statusText: string; original: Headers };
  try {
    const fingerprint = await fingerprintRequest(req, input.body);
    const response = await runInRequestContext(context, () => execute(fingerprint));
    if (response.status >= 500 || response.status === 429) {
      await transaction.rollback();
      await release(scope, token, log);
      return response;
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const requestHash = await fingerprint.digest();
    answer = { status: response.status, statusText: response.statusText, original: response.headers, headers: storedHeaders(response.headers), body: bytes.length ? bytes : null };
    const outcome = await transaction.commit(storeIdempotentAnswerStatement(scope, token, requestHash, answer));
    if (outcome === "failed" && answer.status < 400) {
      // A domain transaction failed and the handler answered success all the same: what it wrote
      // is rolled back, so that answer must not be kept or sent.
      throw new Error("A keyed write answered success after one of its transactions failed; rolled back");
    }
    // A request that made no database call has no effect to commit with, and one that failed
    // (a 4xx) has none left: its answer alone.
    if (outcome === "not-begun" || outcome === "failed") {
      if ((await storeIdempotentAnswer(scope, token, requestHash, answer)) !== 1) throw new ClaimLost();
    }
  } catch (err) {
    await transaction.rollback();
    // A claim taken over is the other request's to release or complete.
    if (err instanceof ClaimLost || isClaimLost(err)) throw idempotencyKeyInUse();
    await release(scope, token, log);
    throw err;
  } finally {
    clearInterval(renewal);
  }
  if (process.env.INKBASE_FAULT_POINTS === "1") faultPoint("idempotency-after-commit");
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: answer.original });
}

/** The claim's row is no longer this request's: its lease ran out and a retry took it over. */
class ClaimLost extends Error {}

function replay(answer: StoredAnswer): Response {
  const headers = new Headers(answer.headers);
  headers.set(REPLAYED_HEADER, "true");
  return new Response(answer.body, { status: answer.status, headers });
}

function storedHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of STORED_HEADERS) {
    const value = headers.get(name);
    if (value !== null) kept[name] = value;
  }
  return kept;
}

async function release(scope: IdempotencyScope, token: string, log: (what: string) => (err: unknown) => void): Promise<void> {
  // A key that could not be given back is held until its lease runs out, then taken over.
  await releaseIdempotencyKey(scope, token).catch(log("releasing the key"));
}
