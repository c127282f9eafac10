/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // pg's optional native binding and Prisma's generated runtime are Node-only: load them from
  // node_modules at run time instead of bundling them.
  serverExternalPackages: ["pg", "@prisma/adapter-pg"],
};

export default nextConfig;
