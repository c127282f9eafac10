// Database migrations without Prisma's native engine (see scripts/lib/migrations.ts).
//
//   npm run db:migrate                        apply pending migrations (DIRECT_URL, else
//                                             DATABASE_URL_UNPOOLED, else DATABASE_URL, else the
//                                             embedded database in DATA_DIR)
//   npm run db:migration -- --name <name>     write prisma/migrations/<ts>_<name>/ from the
//                                             changes in prisma/schema.prisma
//   tsx scripts/migrate.ts resolve --rolled-back <name> | --applied <name>
//                                             settle a migration a crashed run left "failed"
import { parseArgs } from "node:util";
import { env } from "../lib/env";
import { assertEnvironment } from "../lib/env-check";
import { loadEnvFiles } from "./lib/load-env-files";
import { startEmbeddedServer } from "./lib/embedded-server";
import { withDatabase } from "./lib/with-database";
import { applyPendingMigrations, createMigration, resolveMigration } from "./lib/migrations";

const USAGE =
  "usage: tsx scripts/migrate.ts deploy | create --name <name> | resolve (--rolled-back <name> | --applied <name>)";

async function deploy(): Promise<void> {
  await withDatabase(async ({ url, mode }) => {
    const { applied } = await applyPendingMigrations({ url });
    if (applied.length === 0) console.log(`No pending migrations (${mode} database).`);
    else console.log(`Applied ${applied.length} migration(s) to the ${mode} database:\n  ${applied.join("\n  ")}`);
  }, { purpose: "migrations" });
}

async function create(name: string | undefined): Promise<void> {
  if (!name) throw new Error(`--name is required\n${USAGE}`);
  // Creating a migration only needs a shadow database, never the data itself. Without
  // DATABASE_URL an in-memory PGlite stands in, so this works while the server holds DATA_DIR.
  const databaseUrl = env.migrationDatabaseUrl;
  const scratch = databaseUrl ? undefined : await startEmbeddedServer({ dataDir: "memory://" });
  try {
    const url = databaseUrl ?? scratch!.url;
    const result = await createMigration({ url, name, embedded: !databaseUrl || env.embeddedDatabase });
    if (result.path) console.log(`Created ${result.path}/migration.sql`);
    else console.log("prisma/schema.prisma has no changes since the last migration: nothing created.");
  } finally {
    await scratch?.close();
  }
}

async function resolve(rolledBack: string | undefined, applied: string | undefined): Promise<void> {
  const name = rolledBack ?? applied;
  if (!name || (rolledBack && applied)) throw new Error(USAGE);
  const as = rolledBack ? "rolled-back" : "applied";
  await withDatabase(({ url }) => resolveMigration({ url, name, as }), { purpose: "migrations" });
  console.log(`Marked ${name} as ${as}.`);
}

async function main(): Promise<void> {
  loadEnvFiles();
  for (const warning of assertEnvironment("migrate", process.env)) console.warn(`migrate: warning: ${warning}`);
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    options: { name: { type: "string" }, "rolled-back": { type: "string" }, applied: { type: "string" } },
    allowPositionals: true,
  });
  const [command] = positionals;
  if (command === "deploy") return deploy();
  if (command === "create") return create(values.name);
  if (command === "resolve") return resolve(values["rolled-back"], values.applied);
  throw new Error(USAGE);
}

// exit() rather than waiting for the event loop: pg pools keep node alive.
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`migrate: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
