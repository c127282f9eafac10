// CORS for the key-less public post reads, and nowhere else (PLATFORM.md "Ecosystem basics"):
// any origin may GET them from a browser and read the caching and rate-limit headers. No
// credentials are allowed cross-origin (`*` forbids them), so the owner's draft preview stays
// same-origin. Applied by next.config.mjs headers(), which also covers Next's automatic OPTIONS
// answer to the preflight a browser sends for `If-None-Match`.
export const PUBLIC_CORS_SOURCE = "/api/posts/by-username/:path*";

export const PUBLIC_CORS_HEADERS = [
  { key: "Access-Control-Allow-Origin", value: "*" },
  { key: "Access-Control-Allow-Methods", value: "GET, HEAD, OPTIONS" },
  { key: "Access-Control-Allow-Headers", value: "If-None-Match, Accept" },
  { key: "Access-Control-Expose-Headers", value: "ETag, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, X-Request-Id" },
  { key: "Access-Control-Max-Age", value: "86400" },
];
