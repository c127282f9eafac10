// The accounts migration counts every account made before it as verified (ACCOUNTS.md), keeps
// its password hash, and starts its sessions at version 0, so sessions issued before the upgrade
// (whose JWT carries no version) stay valid; on both backends: the migrations before it are
// applied, users are written in SQL, then the accounts migration.
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedServer } from "../../scripts/lib/embedded-server";
import { applyPendingMigrations } from "../../scripts/lib/migrations";
import { dropDatabase } from "../../scripts/lib/schema-engine";
import { queryOnce } from "../support/query-once";

const root = path.resolve(import.meta.dirname, "../..");
const serverUrl = process.env.TEST_DATABASE_URL;
const ACCOUNTS_MIGRATION = readdirSync(path.join(root, "prisma/migrations")).find((name) => name.endsWith("_accounts"))!;

type Database = { url: string; drop(): Promise<void> };
const backends: { name: string; create(): Promise<Database> }[] = [
  {
    name: "embedded",
    async create() {
      const server = await startEmbeddedServer({ dataDir: "memory://" });
      return { url: server.url, drop: () => server.close() };
    },
  },
];
if (serverUrl) {
  backends.push({
    name: "postgres",
    async create() {
      const name = `inkbase_accounts_migration_${Date.now()}_${randomBytes(3).toString("hex")}`;
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

describe.each(backends)("the accounts migration ($name)", (backend) => {
  it("counts existing accounts as verified and keeps their passwords", async () => {
    const database = await backend.create();
    try {
      const dir = mkdtempSync(path.join(tmpdir(), "inkbase-accounts-migration-"));
      scratch.push(dir);
      const migrations = path.join(dir, "migrations");
      cpSync(path.join(root, "prisma/migrations"), migrations, { recursive: true });
      const later = readdirSync(migrations).filter((name) => name >= ACCOUNTS_MIGRATION);
      const held = path.join(dir, "held");
      for (const name of later) cpSync(path.join(migrations, name), path.join(held, name), { recursive: true });
      for (const name of later) rmSync(path.join(migrations, name), { recursive: true });
      await applyPendingMigrations({ url: database.url, migrationsDir: migrations });

      await queryOnce(
        database.url,
        `INSERT INTO "User" (id, username, email, "passwordHash", "createdAt", "updatedAt") VALUES
           ('u1', 'early', 'early@example.test', 'scrypt$16384$8$1$c2FsdA==$aGFzaA==', '2026-01-02T03:04:05Z', now()),
           ('u2', 'later', 'later@example.test', 'scrypt$16384$8$1$c2FsdA==$aGFzaA==', '2026-03-04T05:06:07Z', now());`,
      );

      for (const name of later) cpSync(path.join(held, name), path.join(migrations, name), { recursive: true });
      await applyPendingMigrations({ url: database.url, migrationsDir: migrations });

      const rows = await queryOnce<Record<string, unknown>>(
        database.url,
        `SELECT id, "emailVerifiedAt"::text AS verified, "sessionVersion", "passwordHash" FROM "User" ORDER BY id`,
      );
      expect(rows).toEqual([
        { id: "u1", verified: "2026-01-02 03:04:05", sessionVersion: 0, passwordHash: "scrypt$16384$8$1$c2FsdA==$aGFzaA==" },
        { id: "u2", verified: "2026-03-04 05:06:07", sessionVersion: 0, passwordHash: "scrypt$16384$8$1$c2FsdA==$aGFzaA==" },
      ]);
      // A new row (sign-up) starts unverified; an SSO account may have no password.
      await queryOnce(database.url, `INSERT INTO "User" (id, username, email, "passwordHash", "updatedAt") VALUES ('u3', 'new', 'new@example.test', NULL, now())`);
      expect(await queryOnce(database.url, `SELECT "emailVerifiedAt" FROM "User" WHERE id = 'u3'`)).toEqual([{ emailVerifiedAt: null }]);
    } finally {
      await database.drop();
    }
  });
});
