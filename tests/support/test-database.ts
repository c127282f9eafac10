// A fresh, migrated database for one test run: a new database on the PostgreSQL server named by
// TEST_DATABASE_URL (created here, dropped at the end), or else an embedded PGlite in a temp dir,
// so `npm test` passes on a machine without PostgreSQL.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedServer } from "../../scripts/lib/embedded-server";
import { applyPendingMigrations } from "../../scripts/lib/migrations";

export type TestDatabase = { url: string; kind: "postgres" | "embedded"; drop(): Promise<void> };

export function withDatabaseName(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** `kind` defaults to PostgreSQL when TEST_DATABASE_URL is set, else the embedded database. */
export async function createTestDatabase(prefix = "inkbase_test", kind?: TestDatabase["kind"]): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if ((kind ?? (serverUrl ? "postgres" : "embedded")) === "postgres") {
    if (!serverUrl) throw new Error("A PostgreSQL test database needs TEST_DATABASE_URL");
    const name = `${prefix}_${Date.now()}_${randomBytes(3).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = withDatabaseName(serverUrl, name);
    await applyPendingMigrations({ url });
    return {
      url,
      kind: "postgres",
      drop: async () => {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "inkbase-test-db-"));
  const server = await startEmbeddedServer({ dataDir });
  await applyPendingMigrations({ url: server.url });
  return {
    url: server.url,
    kind: "embedded",
    drop: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
