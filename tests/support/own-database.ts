// A database of the test file's own, for tests whose data would disturb the others sharing the
// run's database (tens of thousands of posts slow every sitemap read): created before the file's
// tests, lib/db pointed at it through DATABASE_URL, a pg client for seeding and EXPLAIN, and
// everything closed and dropped after. Register it before the file's own beforeAll that seeds.
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { dbConnection, disconnectDb } from "../../lib/db";
import { createTestDatabase, type TestDatabase } from "./test-database";
import { TEST_AUTH_SECRET } from "./test-server-env";

export function ownTestDatabase(prefix: string): { client: () => pg.Client } {
  let database: TestDatabase | undefined;
  let client: pg.Client | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(prefix);
    process.env.DATABASE_URL = database.url;
    process.env.AUTH_SECRET ??= TEST_AUTH_SECRET;
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  }, 180_000);
  afterAll(async () => {
    await client?.end();
    if (database) {
      // Statements through lib/db-sql.ts run on the Prisma client's pool, which a client that
      // never ran a Prisma query does not end itself.
      const { pool } = dbConnection();
      await disconnectDb();
      if (!pool.ended) await pool.end();
      await database.drop();
    }
  });
  return { client: () => client! };
}
