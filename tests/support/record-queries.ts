// What the pool's connections were asked to run, in order, for tests of round trips
// (lib/db-sql.ts sends several statements without waiting between them).
import type pg from "pg";
import { dbConnection } from "../../lib/db";

/** What the transactions' connections were asked to run, in order: "send: <sql>" and "answer: <sql>". */
export function recordQueries(): { log: string[]; stop: () => void } {
  const { pool } = dbConnection();
  const log: string[] = [];
  const originals = new Map<pg.PoolClient, pg.PoolClient["query"]>();
  const onAcquire = (client: pg.PoolClient) => {
    if (originals.has(client)) return;
    const query = client.query;
    originals.set(client, query);
    (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
      const config = args[0] as string | { text: string };
      const text = (typeof config === "string" ? config : config.text).trim().split(/\s+/).slice(0, 2).join(" ");
      log.push(`send: ${text}`);
      const answer = (query as (...a: unknown[]) => unknown).apply(client, args);
      if (answer instanceof Promise) answer.then(() => log.push(`answer: ${text}`), () => log.push(`error: ${text}`));
      return answer;
    };
  };
  pool.on("acquire", onAcquire);
  return {
    log,
    stop: () => {
      pool.removeListener("acquire", onAcquire);
      for (const [client, query] of originals) (client as unknown as { query: unknown }).query = query;
    },
  };
}
