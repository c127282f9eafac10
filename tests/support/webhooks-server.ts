// Runs scripts/serve.ts the way `npm start`'s launcher does, with an IPC channel, which is what
// turns its in-process cron ticker on (the suite's shared servers have none, so they never tick
// on their own). Used against a database of its own, so its ticks cannot reach other test files.
import { spawn } from "node:child_process";
import path from "node:path";
import { childEnv } from "./child-env";
import { freePort, type RunningServer } from "./start-next-server";

const root = path.resolve(import.meta.dirname, "../..");

export async function startServerLikeNpmStart(env: Record<string, string | undefined>): Promise<RunningServer & { exited(): Promise<number | null> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts/serve.ts"), "--hostname", "127.0.0.1"], {
    cwd: root,
    env: childEnv({ ...env, NODE_ENV: "production", PORT: String(port), NEXT_TELEMETRY_DISABLED: "1" }),
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not become healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    output: () => output,
    exited: () => exit,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await exit;
      }
    },
  };
}
