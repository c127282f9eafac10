// Response and request headers the document reuses (components.headers), defined once.
import { z } from "zod";

export const requestIdHeader = z.string().meta({ description: "Identifies the request in the server's logs; quote it when reporting a problem.", header: { id: "X-Request-Id" } });
export const etagHeader = z.string().meta({ description: "Validator of this representation; send it back in `If-None-Match`.", header: { id: "ETag" } });
export const cacheControlHeader = z.string().meta({ description: "How long shared caches may keep the response.", header: { id: "Cache-Control" } });
export const rateLimitLimitHeader = z.string().meta({ description: "Requests allowed in the current window.", header: { id: "X-RateLimit-Limit" } });
export const rateLimitRemainingHeader = z.string().meta({ description: "Requests left in the current window.", header: { id: "X-RateLimit-Remaining" } });
export const rateLimitResetHeader = z.string().meta({ description: "When the window resets, in Unix seconds.", header: { id: "X-RateLimit-Reset" } });
export const retryAfterHeader = z.string().meta({ description: "Seconds to wait before retrying.", header: { id: "Retry-After" } });

export const idempotentReplayedHeader = z
  .literal("true")
  .optional()
  .meta({ description: "Present on a replay: this is the stored answer to the first request with the same `Idempotency-Key`; nothing ran again.", header: { id: "Idempotent-Replayed" } });

export const idempotencyKeyHeaders = z.object({
  "Idempotency-Key": z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x20-\x7E]+$/)
    .optional()
    .meta({
      description:
        "Makes the write safe to retry: 1–255 printable ASCII characters, fresh for each change (a UUID). The same key again within 24 hours, with the same method, path and body, replays the first answer (`Idempotent-Replayed: true`) and runs nothing; with another request it is 422; while the first still runs, 409 with `Retry-After: 1`. The SDK sends one with every write.",
      example: "5f0c8e1e-3b7a-4c43-9d64-2f1c2a0e9b7d",
      param: { id: "IdempotencyKey" },
    }),
});

export const ifNoneMatchHeaders = z.object({
  "if-none-match": z.string().optional().meta({ description: "An ETag from an earlier response: 304 without a body when it still matches." }),
});
