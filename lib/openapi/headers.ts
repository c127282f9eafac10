// Response and request headers the document reuses (components.headers), defined once.
import { z } from "zod";

export const requestIdHeader = z.string().meta({ description: "Identifies the request in the server's logs; quote it when reporting a problem.", header: { id: "X-Request-Id" } });
export const etagHeader = z.string().meta({ description: "Validator of this representation; send it back in `If-None-Match`.", header: { id: "ETag" } });
export const cacheControlHeader = z.string().meta({ description: "How long shared caches may keep the response.", header: { id: "Cache-Control" } });
export const rateLimitLimitHeader = z.string().meta({ description: "Requests allowed in the current window.", header: { id: "X-RateLimit-Limit" } });
export const rateLimitRemainingHeader = z.string().meta({ description: "Requests left in the current window.", header: { id: "X-RateLimit-Remaining" } });
export const rateLimitResetHeader = z.string().meta({ description: "When the window resets, in Unix seconds.", header: { id: "X-RateLimit-Reset" } });
export const retryAfterHeader = z.string().meta({ description: "Seconds to wait before retrying.", header: { id: "Retry-After" } });

export const ifNoneMatchHeaders = z.object({
  "if-none-match": z.string().optional().meta({ description: "An ETag from an earlier response: 304 without a body when it still matches." }),
});
