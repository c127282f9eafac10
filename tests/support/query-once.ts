import pg from "pg";

/** One query on a connection of its own, for tests that check a database from outside the app. */
export async function queryOnce<T = Record<string, unknown>>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}
