// The migration tool on both backends: real PostgreSQL (when TEST_DATABASE_URL names a server)
// and the embedded PGlite. Each test gets its own database and its own copy of the migrations.
import { randomBytes } from "node:crypto";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedServer } from "../../scripts/lib/embedded-server";
import { applyPendingMigrations, createMigration } from "../../scripts/lib/migrations";
import { dropDatabase } from "../../scripts/lib/schema-engine";
import { queryOnce } from "../support/query-once";

const root = path.resolve(import.meta.dirname, "../..");
const serverUrl = process.env.TEST_DATABASE_URL;

type Database = { url: string; drop(): Promise<void> };
type Backend = { name: "postgres" | "embedded"; embedded: boolean; create(): Promise<Database> };

const backends: Backend[] = [
  {
    name: "embedded",
    embedded: true,
    async create() {
      const server = await startEmbeddedServer({ dataDir: "memory://" });
      return { url: server.url, drop: () => server.close() };
    },
  },
];
if (serverUrl) {
  backends.push({
    name: "postgres",
    embedded: false,
    async create() {
      const name = `inkbase_migrations_${Date.now()}_${randomBytes(3).toString("hex")}`;
      await queryOnce(serverUrl, `CREATE DATABASE "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return { url: url.toString(), drop: () => dropDatabase(serverUrl, name) };
    },
  });
}

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A temp copy of prisma/ (schema and migrations) that a test may change. */
function copyOfPrismaDir(): { schemaPath: string; migrationsDir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), "inkbase-prisma-"));
  scratch.push(dir);
  cpSync(path.join(root, "prisma/migrations"), path.join(dir, "migrations"), { recursive: true });
  cpSync(path.join(root, "prisma/schema.prisma"), path.join(dir, "schema.prisma"));
  return { schemaPath: path.join(dir, "schema.prisma"), migrationsDir: path.join(dir, "migrations") };
}


const tableExists = async (url: string, table: string) =>
  (await queryOnce<{ t: string | null }>(url, `SELECT to_regclass('"${table}"')::text AS t`))[0].t !== null;

const allMigrations = readdirSync(path.join(root, "prisma/migrations"), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

describe.each(backends)("migrations on $name", (backend) => {
  it("applies every migration once, recording it in _prisma_migrations", async () => {
    const db = await backend.create();
    try {
      expect((await applyPendingMigrations({ url: db.url })).applied).toEqual(allMigrations);
      expect(await tableExists(db.url, "User")).toBe(true);
      const rows = await queryOnce(db.url, `SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL`);
      expect(rows.map((r) => r.migration_name).sort()).toEqual(allMigrations);
      expect((await applyPendingMigrations({ url: db.url })).applied).toEqual([]);
    } finally {
      await db.drop();
    }
  }, 60_000);

  it("leaves the database unchanged when a migration fails, and applies it once fixed", async () => {
    const { migrationsDir } = copyOfPrismaDir();
    const broken = "29990101000000_broken";
    const file = path.join(migrationsDir, broken, "migration.sql");
    mkdirSync(path.dirname(file));
    // A $$ body as well: the script must reach the database whole, not split on ";".
    const good = `CREATE TABLE "Probe" (id int);\nCREATE FUNCTION probe_one() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql;\n`;
    writeFileSync(file, `${good}SELECT * FROM "NoSuchTable";\n`);

    const db = await backend.create();
    try {
      const failure = applyPendingMigrations({ url: db.url, migrationsDir });
      await expect(failure).rejects.toThrow(broken);
      await expect(failure).rejects.toThrow(/relation "NoSuchTable" does not exist.*line 3/);
      expect(await tableExists(db.url, "Probe")).toBe(false);
      expect(await tableExists(db.url, "User")).toBe(true); // earlier migrations did apply

      writeFileSync(file, good);
      expect((await applyPendingMigrations({ url: db.url, migrationsDir })).applied).toEqual([broken]);
      expect(await queryOnce(db.url, `SELECT probe_one() AS one`)).toEqual([{ one: 1 }]);
    } finally {
      await db.drop();
    }
  }, 60_000);

  it("creates a migration for a schema change, and none when nothing changed", async () => {
    const { schemaPath, migrationsDir } = copyOfPrismaDir();
    const db = await backend.create();
    try {
      const opts = { url: db.url, schemaPath, migrationsDir, embedded: backend.embedded };
      const unchanged = await createMigration({ ...opts, name: "nothing" });
      expect(unchanged.path).toBeNull();
      expect(readdirSync(migrationsDir).some((name) => name.endsWith("_nothing"))).toBe(false);

      writeFileSync(schemaPath, `${readFileSync(schemaPath, "utf8")}\nmodel Widget {\n  id String @id\n}\n`);
      const created = await createMigration({ ...opts, name: "Add widgets" });
      expect(path.basename(created.path!)).toMatch(/^\d{14}_add_widgets$/);
      expect(created.sql).toContain(`CREATE TABLE "Widget"`);
      expect(readFileSync(path.join(created.path!, "migration.sql"), "utf8")).toBe(created.sql);
      // It sorts after the existing migrations, so it is the one applied last.
      expect(readdirSync(migrationsDir).filter((n) => /^\d{14}_/.test(n)).sort().at(-1)).toBe(path.basename(created.path!));
    } finally {
      await db.drop();
    }
  }, 60_000);
});
