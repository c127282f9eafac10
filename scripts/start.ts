// `npm start` (and `npm run dev` with --dev): everything a newcomer needs from one command.
// 1. builds when there is no production build yet; 2. starts the embedded database (PGlite over
// the Postgres wire protocol) when DATABASE_URL is unset; 3. applies pending migrations; 4. seeds
// demo data on first run; 5. runs the Next server (scripts/serve.ts) with the database URL; 6. prints
// where to sign in and a demo API key. SIGTERM/SIGINT stop Next first, then close the database.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { env } from "../lib/env";
import { assertEnvironment } from "../lib/env-check";
import { loadEnvFiles } from "./lib/load-env-files";
import { startEmbeddedServer } from "./lib/embedded-server";
import { applyPendingMigrations } from "./lib/migrations";
import { loadDemoCredentials, loadOrCreateAuthSecret, saveDemoCredentials } from "./lib/local-secrets";
import { printBanner } from "./lib/start-banner";

const root = path.resolve(import.meta.dirname, "..");
const dev = process.argv.includes("--dev");

function runNpm(script: string): void {
  const result = spawnSync("npm", ["run", "--silent", script], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) throw new Error(`npm run ${script} failed`);
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not become healthy within 2 minutes");
}

async function main(): Promise<void> {
  // Before anything reads the environment: `.env` files as Next reads them, then one check.
  const envFiles = loadEnvFiles({ dev });
  if (envFiles.length) console.log(`[inkbase] environment from ${envFiles.join(", ")}`);
  for (const warning of assertEnvironment("launcher", process.env, { dev })) console.warn(`[inkbase] warning: ${warning}`);

  if (!existsSync(path.join(root, "lib/generated/prisma/client.ts"))) runNpm("generate");
  if (!dev && !existsSync(path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID"))) {
    console.log("[inkbase] no production build yet: building (first start only)…");
    runNpm("build");
  }

  const embedded = !env.databaseUrl;
  const server = embedded ? await startEmbeddedServer({ dataDir: env.dataDir, announce: true }) : null;
  const databaseUrl = server?.url ?? env.databaseUrl!;

  // The environment check above refuses a real DATABASE_URL without AUTH_SECRET outside dev.
  const authSecret = env.authSecret ?? loadOrCreateAuthSecret(env.dataDir);

  // A direct connection for migrations when one is configured (DIRECT_URL, DATABASE_URL_UNPOOLED).
  const { applied } = await applyPendingMigrations({ url: embedded ? databaseUrl : env.migrationDatabaseUrl! });
  if (applied.length) console.log(`[inkbase] applied migrations: ${applied.join(", ")}`);

  process.env.DATABASE_URL = databaseUrl;
  const { seedDemo } = await import("../lib/seed/seed-demo");
  const { disconnectDb } = await import("../lib/db");
  if (embedded || env.seedDemo) {
    const seeded = await seedDemo();
    if (seeded) saveDemoCredentials(env.dataDir, seeded);
  }
  await disconnectDb();

  const port = env.port;
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts/serve.ts"), ...(dev ? ["--dev"] : [])], {
    cwd: root,
    // The IPC channel lets the server notice when this launcher dies, even by SIGKILL, so no
    // orphan keeps the port.
    stdio: ["inherit", "inherit", "inherit", "ipc"],
    env: {
      ...process.env,
      NODE_ENV: dev ? "development" : "production",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      INKBASE_EMBEDDED_DB: embedded ? "1" : "",
      AUTH_SECRET: authSecret,
      PUBLIC_BASE_URL: env.publicBaseUrl,
      NEXT_TELEMETRY_DISABLED: "1",
      // next-auth builds its redirect URLs from NEXTAUTH_URL when the public origin is known,
      // otherwise from the request's Host (any port, localhost or 127.0.0.1 alike).
      ...(process.env.PUBLIC_BASE_URL ? { NEXTAUTH_URL: env.publicBaseUrl } : { AUTH_TRUST_HOST: process.env.AUTH_TRUST_HOST ?? "1" }),
    },
  });

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => {
        const timer = setTimeout(() => { child.kill("SIGKILL"); resolve(null); }, 10_000);
        child.once("exit", () => { clearTimeout(timer); resolve(null); });
      });
    }
    await server?.close();
    console.log(`[inkbase] stopped${code === 0 ? " cleanly" : ` (exit code ${code})`}`);
    process.exit(code);
  };
  process.on("SIGTERM", () => void stop(0));
  process.on("SIGINT", () => void stop(0));
  child.on("exit", (code) => void stop(stopping ? 0 : (code ?? 1)));

  const localUrl = `http://localhost:${port}`;
  await waitForHealth(localUrl, child);
  printBanner({
    url: env.publicBaseUrl,
    database: embedded ? `embedded (${env.dataDir})` : "postgres",
    demo: loadDemoCredentials(env.dataDir),
  });
}

main().catch((err) => {
  const message = err instanceof Error ? err.message : String(err);
  console.error(err instanceof Error && err.name === "EnvironmentError" ? `[inkbase] ${message}` : `[inkbase] could not start: ${message}`);
  process.exit(1);
});
