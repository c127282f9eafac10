// The two answers of PLATFORM.md "Safe retries" that only Idempotency-Key gives. Neither is stored.
import { ApiError } from "../http/api-error";

/** The same key while its first request is still running: retry in a second. */
export const idempotencyKeyInUse = () =>
  new ApiError(409, { error: "Request in progress", code: "idempotency_key_in_use" }, { "Retry-After": "1" });

/** The same key with another method, path or body. */
export const idempotencyKeyReused = () => new ApiError(422, { error: "Idempotency key reused", code: "idempotency_key_reused" });
