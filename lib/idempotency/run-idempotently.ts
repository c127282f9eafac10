// A keyed write from claim to stored answer (PLATFORM.md "Safe retries"; the route wrapper calls
// this once, for writes that send Idempotency-Key):
//   1. claim the key, or find it taken: a live claim → 409 (Retry-After: 1); a stored answer →
//      the request's fingerprint decides between a replay (nothing runs: no handler, no rate-limit
//      charge, no event) and 422. A finished answer the wrapper already read with the API key
//      (lib/auth/authenticate-api-key-with-stored-answer.ts) is taken as the claim's answer
//      without asking again: it cannot change before it expires;
//   2. run the request with its body fingerprinted (fingerprinted-body.ts), renewing the claim's
//      lease meanwhile;
//   3. store the answer (status, Content-Type/Location/ETag, body) for 24 hours, or, on a 5xx or a
//      429, release the key so that a retry runs again.
// Everything is in PostgreSQL, so it holds across instances; a crashed server's claim runs out
// after its lease (idempotency-record.ts) and the next retry takes it over.
import type { NextRequest } from "next/server";
import type { Principal } from "../auth/principal";
import { logger } from "../log/logger";
import { claimIdempotencyKey, type FinishedClaim } from "./claim-idempotency-key";
import { fingerprintRequest, type FingerprintedRequest } from "./fingerprinted-body";
import { idempotencyKeyInUse, idempotencyKeyReused } from "./idempotency-errors";
import { idempotencyScope, RENEW_SECONDS, STORED_HEADERS, type IdempotencyScope, type StoredAnswer } from "./idempotency-record";
import { releaseIdempotencyKey } from "./release-idempotency-key";
import { renewIdempotencyClaim } from "./renew-idempotency-claim";
import { storeIdempotentAnswer } from "./store-idempotent-answer";

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
  let answer: StoredAnswer & { statusText: string; original: Headers };
  let requestHash: string;
  try {
    const fingerprint = await fingerprintRequest(req, input.body);
    const response = await execute(fingerprint);
    if (response.status >= 500 || response.status === 429) {
      await release(scope, token, log);
      return response;
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    requestHash = await fingerprint.digest();
    answer = { status: response.status, statusText: response.statusText, original: response.headers, headers: storedHeaders(response.headers), body: bytes.length ? bytes : null };
  } catch (err) {
    await release(scope, token, log);
    throw err;
  } finally {
    clearInterval(renewal);
  }
  // The answer goes out even if it could not be kept: the change is made, and a retry meets the
  // claim until its lease runs out (then it runs again: logged, as it should never happen).
  await storeIdempotentAnswer(scope, token, requestHash, answer).catch(log("storing the answer"));
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: answer.original });
}

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
