// Prisma CLI configuration. Only `prisma generate` uses it: migrations run through our own
// tool (scripts/migrate.ts) on the WASM schema engine, so no datasource URL is needed here.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "schema.prisma",
  migrations: { path: "migrations" },
});
