import { PUBLIC_CORS_HEADERS, PUBLIC_CORS_SOURCE } from "./lib/http/public-cors.mjs";
import { STYLESHEET_ROUTES, STYLESHEET_SOURCES } from "./lib/public-site/stylesheet-sources.mjs";

/** A route as a glob that matches it (and the routes below it) literally. */
const routeGlob = (route) => route.replace(/[[\]]/g, "\\$&");

/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_DIST_DIR lets two builds of one checkout coexist (e.g. parallel test runs); default .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // INKBASE_PROFILE_BUILD=1: readable function names in server CPU profiles (bench/README.md).
  ...(process.env.INKBASE_PROFILE_BUILD === "1" ? { experimental: { serverMinification: false } } : {}),
  // INKBASE_BENCH_ROUTES=1: `route.bench.ts` files become routes too (app/api/bench-floor: the
  // floors the collections bench's `--floor` rows measure writes against). Never in a deployment.
  ...(process.env.INKBASE_BENCH_ROUTES === "1" ? { pageExtensions: ["tsx", "ts", "jsx", "js", "bench.ts"] } : {}),
  reactStrictMode: true,
  // pg's optional native binding and Prisma's generated runtime are Node-only: load them from
  // node_modules at run time instead of bundling them.
  // sharp and the S3 client are on Next's own list already; the presigner and file-type are loaded the same way.
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "@aws-sdk/s3-request-presigner", "file-type"],
  // Files read from disk at run time, which a deployment must ship with the routes that read them:
  // the OG image's fonts, and the public pages' stylesheet sources (lib/public-site/stylesheet.ts:
  // every page names the stylesheet by the hash of their content).
  // Each key is a glob matched anywhere in a route (picomatch, `contains`), so a route's brackets
  // are escaped: unescaped, "/[username]" is a character class that matched "/api/export" too and
  // shipped the stylesheet with nearly every function (npm run check:vercel showed it).
  outputFileTracingIncludes: {
    [routeGlob("/[username]/[slug]/og-image")]: ["./assets/fonts/*.woff"],
    ...Object.fromEntries(STYLESHEET_ROUTES.map((route) => [routeGlob(route), STYLESHEET_SOURCES.map((file) => `./${file}`)])),
  },
  // Part of the public pages' ETags (lib/public-site/page-etag.ts): a new build is new markup.
  // INKBASE_FAULT_POINTS=1 (`npm run build:faults`): the durability tests' fault points
  // (lib/faults/fault-point.ts) are in the bundle; any other build drops them.
  env: {
    INKBASE_BUILD_STAMP: process.env.INKBASE_BUILD_STAMP || String(Date.now()),
    INKBASE_FAULT_POINTS: process.env.INKBASE_FAULT_POINTS === "1" ? "1" : "0",
  },
  async headers() {
    return [{ source: PUBLIC_CORS_SOURCE, headers: PUBLIC_CORS_HEADERS }];
  },
};

export default nextConfig;
