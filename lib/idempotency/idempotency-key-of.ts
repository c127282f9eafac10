// Which requests carry an Idempotency-Key (PLATFORM.md "Safe retries"): writes (POST, PATCH, PUT,
// DELETE) by an authenticated principal. Reads are idempotent already, and a write without a
// principal has nobody to key the stored answer by (no such route exists: /api/auth/* is
// next-auth's own handler, outside the wrapper, and the cron tick is a GET).
import type { Principal } from "../auth/principal";
import { invalidInput } from "../http/api-error";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

const WRITE_METHODS = new Set(["POST", "PATCH", "PUT", "DELETE"]);

/** 1 to 255 printable ASCII characters (space to tilde). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7E]{1,255}$/;
export const IDEMPOTENCY_KEY_MESSAGE = "Idempotency-Key must be 1 to 255 printable ASCII characters";

/**
 * The request's key, or null when it sent none or is not a keyed write. A malformed key is 400
 * Invalid input: a client that meant to be safe must not have its write run unprotected.
 */
export function idempotencyKeyOf(req: Request, principal: Principal | null): string | null {
  const key = principal ? writeKeyHeader(req) : null;
  if (key === null) return null;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw invalidInput([{ path: [IDEMPOTENCY_KEY_HEADER], message: IDEMPOTENCY_KEY_MESSAGE }]);
  return key;
}

/**
 * The key of a write, read before authentication so that the API key's lookup can fetch the
 * answer stored under it in the same statement (lib/auth/authenticate-api-key-with-stored-answer.ts).
 * Null for a malformed key: idempotencyKeyOf still refuses it with 400, after authentication, as
 * before (a bad API key is 401 whatever its Idempotency-Key).
 */
export function idempotencyKeyToLookUp(req: Request): string | null {
  const key = writeKeyHeader(req);
  return key !== null && IDEMPOTENCY_KEY_PATTERN.test(key) ? key : null;
}

/** The header as sent, on a write; null on a read or when absent. */
function writeKeyHeader(req: Request): string | null {
  return WRITE_METHODS.has(req.method) ? req.headers.get(IDEMPOTENCY_KEY_HEADER) : null;
}
