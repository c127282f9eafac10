import { existsSync } from "node:fs";
import { createConnection } from "node:net";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startNextServer, type RunningServer } from "./start-next-server";
import { createTestDatabase } from "./test-database";
import { testServerEnv } from "./test-server-env";
import { startUpstashShim } from "./upstash-shim";

const root = path.resolve(import.meta.dirname, "../..");
const CRON_SECRET = "test-cron-secret";

function redisReachable(host = "127.0.0.1", port = 6379): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.setTimeout(1000);
    socket.once("connect", () => { socket.destroy(); resolve(true); });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => { socket.destroy(); resolve(false); });
  });
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) {
    throw new Error("No production build: `npm test` builds first; run `npm run build` before `vitest` alone.");
  }
  const database = await createTestDatabase();
  const cleanups: (() => Promise<void>)[] = [() => database.drop()];

  const serverEnv = testServerEnv({ databaseUrl: database.url, cronSecret: CRON_SECRET });

  const servers: RunningServer[] = [];
  cleanups.unshift(async () => { await Promise.all(servers.map((server) => server.stop())); });
  try {
    const app = await startNextServer(serverEnv);
    servers.push(app);

    // The Upstash path: the caller's Upstash (CI starts the shim in front of its Redis), or a
    // shim started here when a local Redis answers. Without Redis those tests skip.
    let upstash: { url: string; token: string } | null = null;
    if (process.env.UPSTASH_REDIS_REST_URL && process.env.UPSTASH_REDIS_REST_TOKEN) {
      upstash = { url: process.env.UPSTASH_REDIS_REST_URL, token: process.env.UPSTASH_REDIS_REST_TOKEN };
    } else if (await redisReachable()) {
      const shim = await startUpstashShim();
      cleanups.push(() => shim.close());
      upstash = { url: shim.url, token: shim.token };
    }
    let upstashBaseUrl: string | null = null;
    if (upstash) {
      const upstashApp = await startNextServer({ ...serverEnv, UPSTASH_REDIS_REST_URL: upstash.url, UPSTASH_REDIS_REST_TOKEN: upstash.token });
      servers.push(upstashApp);
      upstashBaseUrl = upstashApp.url;
    }

    project.provide("databaseUrl", database.url);
    project.provide("databaseKind", database.kind);
    project.provide("baseUrl", app.url);
    project.provide("upstashBaseUrl", upstashBaseUrl);
    project.provide("upstash", upstash);
    project.provide("cronSecret", CRON_SECRET);
    project.provide("dataDir", serverEnv.DATA_DIR!);
  } catch (err) {
    for (const cleanup of cleanups) await cleanup().catch(() => {});
    throw err;
  }

  return async () => {
    for (const cleanup of cleanups) await cleanup().catch((err) => console.error("[global-setup] cleanup failed", err));
  };
}
