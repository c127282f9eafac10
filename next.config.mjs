import { PUBLIC_CORS_HEADERS, PUBLIC_CORS_SOURCE } from "./lib/http/public-cors.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_DIST_DIR lets two builds of one checkout coexist (e.g. parallel test runs); default .next.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  reactStrictMode: true,
  // pg's optional native binding and Prisma's generated runtime are Node-only: load them from
  // node_modules at run time instead of bundling them.
  serverExternalPackages: ["pg", "@prisma/adapter-pg"],
  async headers() {
    return [{ source: PUBLIC_CORS_SOURCE, headers: PUBLIC_CORS_HEADERS }];
  },
};

export default nextConfig;
