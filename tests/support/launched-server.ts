// `npm start` as an operator runs it: the launcher (scripts/start.ts) in a process group of its
// own, which on the embedded database hosts PGlite itself and runs the Next server
// (scripts/serve.ts) as its child. The crash tests kill the whole group with SIGKILL (launcher
// and server at once, as a power cut of the process would) and start it again on the same data.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { childEnv } from "./child-env";
import { TEST_AUTH_SECRET } from "./test-server-env";

const root = path.resolve(import.meta.dirname, "../..");

export type LaunchOptions = {
  /** A real PostgreSQL URL, or undefined for the embedded database in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  port: number;
  /** More of the launcher's environment (an `undefined` removes a variable). */
  env?: Record<string, string | undefined>;
};

export type Launched = {
  url: string;
  /** The demo key the launcher seeded on first start and prints on every start. */
  demoKey: string;
  output(): string;
  /** SIGKILL to the launcher and its child together; resolves once the launcher is gone. */
  kill9(): Promise<void>;
  /** SIGTERM to the group (a clean stop), for cleanup. */
  stop(): Promise<void>;
};

export async function launch(options: LaunchOptions): Promise<Launched> {
  const url = `http://127.0.0.1:${options.port}`;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts/start.ts")], {
    cwd: root,
    detached: true, // its own process group: -pid reaches the launcher and the server
    stdio: ["ignore", "pipe", "pipe"],
    env: childEnv({
      DATABASE_URL: options.databaseUrl,
      INKBASE_EMBEDDED_DB: undefined,
      DATA_DIR: options.dataDir,
      PORT: String(options.port),
      PUBLIC_BASE_URL: url,
      NEXTAUTH_URL: undefined,
      AUTH_SECRET: options.databaseUrl ? TEST_AUTH_SECRET : undefined,
      SEED_DEMO: "1",
      // One key writes the whole storm: the per-key limit is not what these tests are about.
      RATE_LIMIT_KEY_PER_MIN: "100000",
      UPSTASH_REDIS_REST_URL: undefined,
      UPSTASH_REDIS_REST_TOKEN: undefined,
      NODE_ENV: undefined,
      NEXT_TELEMETRY_DISABLED: "1",
      ...options.env,
    }),
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));

  const signalGroup = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // already gone
    }
    await exited;
  };

  const deadline = Date.now() + 120_000;
  while (!output.includes("Inkbase is running at")) {
    if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      await signalGroup("SIGKILL");
      throw new Error(`npm start did not come up:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const demoKey = /(ink_[0-9A-Za-z]{40})/.exec(output)?.[1];
  if (!demoKey) throw new Error(`no demo key in the banner:\n${output}`);
  return { url, demoKey, output: () => output, kill9: () => signalGroup("SIGKILL"), stop: () => signalGroup("SIGTERM") };
}

/** The port of the embedded database's socket server, as the launcher announced it. */
export function announcedEmbeddedPort(dataDir: string): number {
  const announced = JSON.parse(readFileSync(path.join(dataDir, "embedded.json"), "utf8")) as { port: number };
  return announced.port;
}
