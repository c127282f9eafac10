// One database and one production server per Playwright project (see playwright.config.ts).
import { existsSync } from "node:fs";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { startNextServer, type RunningServer } from "../../support/start-next-server";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";
import { testServerEnv } from "../../support/test-server-env";
import { E2E_SERVERS_ENV, type E2eServer } from "./servers";

const root = path.resolve(import.meta.dirname, "../../..");

export default async function globalSetup(config: FullConfig) {
  if (!existsSync(path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) {
    throw new Error("No production build: `npm test` builds first; run `npm run build` before `playwright test` alone.");
  }
  const databases: TestDatabase[] = [];
  const servers: RunningServer[] = [];
  const teardown = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    for (const database of databases) await database.drop().catch((err) => console.error("[e2e] dropping a database failed", err));
  };
  try {
    const found: Record<string, E2eServer> = {};
    for (const project of config.projects) {
      const kind = project.name === "postgres" ? "postgres" : "embedded";
      const database = await createTestDatabase("inkbase_e2e", kind);
      databases.push(database);
      const server = await startNextServer(testServerEnv({ databaseUrl: database.url, cronSecret: "e2e-cron-secret" }));
      servers.push(server);
      found[project.name] = { baseUrl: server.url, databaseUrl: database.url, kind };
    }
    process.env[E2E_SERVERS_ENV] = JSON.stringify(found);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
