// The error bodies of SPEC "Errors" and DECISIONS, as schemas for the OpenAPI document. The
// constructors in lib/http/api-error.ts produce exactly these.
import { z } from "zod";
import { SCOPES } from "../auth/scopes";

export const errorSchema = z.looseObject({ error: z.string() }).meta({ id: "Error", example: { error: "Post not found" } });

export const invalidInputSchema = z
  .object({
    error: z.literal("Invalid input"),
    issues: z.array(z.object({ path: z.array(z.string()), message: z.string() })),
  })
  .meta({ id: "InvalidInput", example: { error: "Invalid input", issues: [{ path: ["slug"], message: "Lowercase letters, digits and hyphens only" }] } });

export const badRequestSchema = z.union([invalidInputSchema, errorSchema]).meta({ id: "BadRequest" });

export const unauthorizedSchema = z.object({ error: z.literal("Unauthorized") }).meta({ id: "Unauthorized" });

export const insufficientScopeSchema = z
  .object({ error: z.literal("Insufficient scope"), required: z.array(z.enum(SCOPES)) })
  .meta({ id: "InsufficientScope", example: { error: "Insufficient scope", required: ["posts:write"] } });

export const forbiddenSchema = z
  .union([
    insufficientScopeSchema,
    z.object({ error: z.literal("Pro plan required") }),
    z.object({ error: z.literal("Session required") }),
    errorSchema,
  ])
  .meta({ id: "Forbidden" });

export const versionConflictSchema = z
  .object({ error: z.literal("version_conflict"), current: z.string() })
  .meta({ id: "VersionConflict", example: { error: "version_conflict", current: "v_4" } });

export const preconditionFailedSchema = z
  .looseObject({ error: z.literal("precondition_failed"), current: z.unknown().optional() })
  .meta({ id: "PreconditionFailed" });

export const unsupportedMediaTypeSchema = z
  .object({ error: z.literal("Unsupported Media Type"), expected: z.literal("application/json") })
  .meta({ id: "UnsupportedMediaType" });

export const rateLimitedSchema = z
  .object({ error: z.literal("rate_limited"), retryAfter: z.number().int() })
  .meta({ id: "RateLimited", example: { error: "rate_limited", retryAfter: 12 } });

export const internalErrorSchema = z
  .object({ error: z.literal("Internal server error"), requestId: z.string() })
  .meta({ id: "InternalError" });

export const idempotencyKeyInUseSchema = z
  .object({ error: z.literal("Request in progress"), code: z.literal("idempotency_key_in_use") })
  .meta({ id: "IdempotencyKeyInUse" });

export const idempotencyKeyReusedSchema = z
  .object({ error: z.literal("Idempotency key reused"), code: z.literal("idempotency_key_reused") })
  .meta({ id: "IdempotencyKeyReused" });

export const cursorExpiredSchema = z.object({ error: z.literal("Cursor expired") }).meta({ id: "CursorExpired" });
