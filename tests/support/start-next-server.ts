// Starts the built app the way `npm start` serves it (scripts/serve.ts, the production build) on
// a free port, for API and e2e tests.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { childEnv } from "./child-env";

const root = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type RunningServer = { url: string; pid: number; stop(): Promise<void>; output(): string; exited(): Promise<number | null> };

/**
 * Resolves once the server answers /api/health (healthy unless `healthy: false` is passed).
 * `ipc: true` opens the channel `npm start`'s launcher opens, which turns on the server's
 * in-process cron ticker; the suite's shared servers have none, so they never tick on their own.
 * `terminal: true` runs it under a pseudo-terminal (util-linux `script`), as `npm start` in a
 * person's terminal does: stdout is then a TTY.
 */
export async function startNextServer(
  env: Record<string, string | undefined>,
  options: {
    healthy?: boolean;
    ipc?: boolean;
    nodeArgs?: string[];
    terminal?: boolean;
    /** A port chosen beforehand (e.g. named in PUBLIC_BASE_URL). */ port?: number;
    /** Another checkout's build to run (a bench's "before"); default this one. */ root?: string;
  } = {},
): Promise<RunningServer> {
  const mustBeHealthy = options.healthy ?? true;
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dir = options.root ?? root;
  const command = [process.execPath, ...(options.nodeArgs ?? []), "--import", "tsx", path.join(dir, "scripts/serve.ts"), "--hostname", "127.0.0.1"];
  const [file, args] = options.terminal
    ? ["script", ["--quiet", "--flush", "--return", "--command", `exec ${command.map((part) => `'${part}'`).join(" ")}`, "/dev/null"]]
    : [command[0], command.slice(1)];
  const child: ChildProcess = spawn(file, args, {
    cwd: dir,
    env: childEnv({ ...env, NODE_ENV: "production", PORT: String(port), NEXT_TELEMETRY_DISABLED: "1" }),
    stdio: options.ipc ? ["ignore", "pipe", "pipe", "ipc"] : ["ignore", "pipe", "pipe"],
  });
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // The newest 8 MB: a bench server at LOG_LEVEL=info writes an access line per request.
  const KEEP = 8 * 1024 * 1024;
  let output = "";
  const append = (chunk: unknown) => {
    output += chunk;
    if (output.length > 2 * KEEP) output = output.slice(-KEEP);
  };
  child.stdout?.on("data", append);
  child.stderr?.on("data", append);

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok || !mustBeHealthy) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not become healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    pid: child.pid!,
    output: () => output,
    exited: () => exit,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exit;
      }
    },
  };
}
