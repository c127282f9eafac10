import { PUBLIC_CORS_HEADERS, PUBLIC_CORS_SOURCE } from "./lib/http/public-cors.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_DIST_DIR lets two builds of one checkout coexist (e.g. parallel test runs); default .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // INKBASE_PROFILE_BUILD=1: readable function names in server CPU profiles (bench/README.md).
  ...(process.env.INKBASE_PROFILE_BUILD === "1" ? { experimental: { serverMinification: false } } : {}),
  reactStrictMode: true,
  // pg's optional native binding and Prisma's generated runtime are Node-only: load them from
  // node_modules at run time instead of bundling them.
  // sharp and the S3 client are on Next's own list already; the presigner and file-type are loaded the same way.
  serverExternalPackages: ["pg", "@prisma/adapter-pg", "@aws-sdk/s3-request-presigner", "file-type"],
  // The OG image route reads its fonts from disk at run time: make sure a deployment ships them.
  outputFileTracingIncludes: { "/[username]/[slug]/og-image": ["./assets/fonts/*.woff"] },
  // Part of the public pages' ETags (lib/public-site/page-etag.ts): a new build is new markup.
  env: { INKBASE_BUILD_STAMP: process.env.INKBASE_BUILD_STAMP || String(Date.now()) },
  async headers() {
    return [{ source: PUBLIC_CORS_SOURCE, headers: PUBLIC_CORS_HEADERS }];
  },
};

export default nextConfig;
