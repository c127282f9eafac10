// The developer platform over HTTP (PLATFORM.md): /api/openapi.json serves the committed document,
// CORS is open on the key-less public post reads and nowhere else, and /docs plus its bundle
// reference no other host.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { connectTestDatabase } from "../support/fixtures";
import { baseUrl, createOwner, uniqueIp } from "../support/posts-api";

connectTestDatabase();
const root = path.resolve(import.meta.dirname, "../..");

describe("GET /api/openapi.json", () => {
  it("serves the generated OpenAPI 3.1 document, the one the SDK was generated from", async () => {
    const res = await fetch(`${baseUrl()}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const document = await res.json();
    expect(document.openapi).toBe("3.1.0");
    expect(document).toEqual(JSON.parse(readFileSync(path.join(root, "sdk/openapi.json"), "utf8")));
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("CORS", () => {
  it("lets any origin read the public post reads with their ETag and rate-limit headers", async () => {
    const owner = await createOwner();
    await owner.create({ status: "published" });
    const headers = { Origin: "https://reader.example", "X-Forwarded-For": uniqueIp() };
    for (const suffix of ["", "/tags", "/search?q=post"]) {
      const res = await fetch(`${baseUrl()}/api/posts/by-username/${owner.user.username}${suffix}`, { headers });
      expect(res.status, suffix).toBe(200);
      expect(res.headers.get("access-control-allow-origin"), suffix).toBe("*");
      const exposed = res.headers.get("access-control-expose-headers") ?? "";
      for (const name of ["ETag", "X-RateLimit-Remaining", "Retry-After"]) expect(exposed, suffix).toContain(name);
      expect(res.headers.get("access-control-allow-credentials"), suffix).toBeNull();
    }
  });

  it("answers the preflight a conditional GET needs", async () => {
    const owner = await createOwner();
    const res = await fetch(`${baseUrl()}/api/posts/by-username/${owner.user.username}`, {
      method: "OPTIONS",
      headers: { Origin: "https://reader.example", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "if-none-match" },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-methods")).toContain("GET");
    expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("if-none-match");
  });

  it("is absent from keyed, session and other routes", async () => {
    const owner = await createOwner();
    for (const [method, route] of [["GET", "/api/posts/mine"], ["OPTIONS", "/api/posts/mine"], ["GET", "/api/me"], ["GET", "/api/health"], ["OPTIONS", "/api/posts"]] as const) {
      const res = await owner.call(method, route, undefined, { Origin: "https://evil.example", "Access-Control-Request-Method": "POST" });
      expect(res.headers.get("access-control-allow-origin"), `${method} ${route}`).toBeNull();
    }
  });
});

describe("GET /docs", () => {
  it("is an HTML page that loads only same-origin assets, with Scalar's web fonts off", async () => {
    const res = await fetch(`${baseUrl()}/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toMatch(/<html lang="en">/);
    const assets = [...html.matchAll(/\b(?:src|href)\s*=\s*["']([^"']+)["']/g)].map((m) => m[1]);
    expect(assets).toContain("/reference/scalar-standalone.js");
    expect(assets.filter((url) => /^(https?:)?\/\//.test(url))).toEqual([]);
    expect(html).not.toMatch(/@import\s+url\(\s*["']?https?:/);
    expect(html).toMatch(/withDefaultFonts["']?\s*:\s*false/);
    expect(html).toContain("/api/openapi.json");

    const bundle = await fetch(`${baseUrl()}/reference/scalar-standalone.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toContain("javascript");
  });
});

describe("compression", () => {
  // Measured, not added: `next start` gzips route-handler JSON itself when the client accepts it
  // (Vercel's edge compresses in production). This pins that down so a config change cannot lose it.
  it("gzips JSON responses of route handlers for clients that accept it", async () => {
    const res = await fetch(`${baseUrl()}/api/openapi.json`, { headers: { "Accept-Encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const plain = await fetch(`${baseUrl()}/api/openapi.json`, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
  });
});

describe("bench-only routes", () => {
  // app/api/bench-floor holds `route.bench.ts` files, routes only in a build made with
  // INKBASE_BENCH_ROUTES=1 (next.config.mjs; bench/README.md). A deployment must never serve them.
  it("are not served by a normal build, even to a keyed caller", async () => {
    const owner = await createOwner(["collections:read", "collections:write"]);
    for (const [method, route] of [["GET", "/api/bench-floor/read"], ["PUT", "/api/bench-floor/write"], ["PUT", "/api/bench-floor/locked-write"]] as const) {
      const res = await owner.call(method, route, method === "PUT" ? { row: 0, value: "x" } : undefined);
      expect(res.status, `${method} ${route}`).toBe(404);
    }
  });
});
