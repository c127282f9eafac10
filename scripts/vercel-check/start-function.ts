// Starts one materialized function in a fresh Node process of the deployed major (pinned-tools.ts),
// sandboxed as Vercel's runtime is: its own folder readable and nothing of the project beyond it,
// /tmp the only writable place (Node's permission model: --permission from Node 22.13, on Node 20
// --experimental-permission; each path is a flag of its own, as Node 20.20 ignores a
// comma-separated list with a warning and Node 22 no longer accepts one).
// Native addons (sharp), child processes and workers stay allowed, as on Vercel.
import { spawn, type ChildProcess } from "node:child_process";
import { realpathSync } from "node:fs";
import path from "node:path";
import { freePort } from "../../tests/support/start-next-server";

const HOST = path.join(import.meta.dirname, "function-host.cjs");

export type RunningFunction = {
  name: string;
  url: string;
  /** From spawn until the launcher was required and the port listens. */
  bootMs: number;
  /** Of that, requiring the launcher (Next's server and what it loads at once). */
  loadMs: number;
  output(): string;
  /** Every write or read the sandbox refused, as Node reported it. */
  deniedAccesses(): string[];
  stop(): Promise<void>;
};

export function permissionFlags(major: number, functionDir: string): string[] {
  return [
    major >= 22 ? "--permission" : "--experimental-permission",
    `--allow-fs-read=${functionDir}`,
    `--allow-fs-read=${HOST}`,
    "--allow-fs-read=/tmp",
    "--allow-fs-write=/tmp",
    "--allow-addons",
    "--allow-child-process",
    "--allow-worker",
  ];
}

/** What Vercel's runtime sets, plus the project's variables; nothing of the caller's own environment. */
export function functionEnv(deploymentEnv: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    LANG: "en_US.UTF-8",
    TZ: "UTC",
    ...deploymentEnv,
    NODE_ENV: "production",
    VERCEL: "1",
    VERCEL_REGION: "iad1",
    NEXT_TELEMETRY_DISABLED: "1",
  };
}

export type FunctionRuntime = { node: string; major: number };

/** A cache purge a function asked for (invalidateByTag and friends, through Vercel's request context). */
export type Purge = { purge: "invalidate" | "delete"; tags: string[] };

export async function startFunction(options: {
  name: string;
  dir: string;
  useWebApi: boolean;
  env: Record<string, string>;
  runtime: FunctionRuntime;
  onPurge?: (purge: Purge) => void;
}): Promise<RunningFunction> {
  const dir = realpathSync(options.dir);
  const port = await freePort();
  const started = performance.now();
  const { node, major } = options.runtime;
  const child: ChildProcess = spawn(node, [...permissionFlags(major, dir), HOST, dir, String(port), options.useWebApi ? "1" : "0"], {
    cwd: dir,
    env: functionEnv(options.env) as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const ready = new Promise<void>((resolve, reject) => {
    let pending = "";
    const take = (chunk: Buffer) => {
      output += chunk;
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) if (line.startsWith('{"purge":')) options.onPurge?.(JSON.parse(line) as Purge);
      if (output.includes('{"ready":true')) resolve();
    };
    child.stdout!.on("data", take);
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
    void exited.then((code) => reject(new Error(`${options.name} exited (${code}) before listening:\n${output}`)));
  });
  await ready;
  const bootMs = performance.now() - started;
  const loadMs = Number(/"loadedMs":(\d+)/.exec(output)?.[1] ?? NaN);
  return {
    name: options.name,
    url: `http://127.0.0.1:${port}`,
    bootMs,
    loadMs,
    output: () => output,
    deniedAccesses: () => output.split("\n").filter((line) => line.includes("ERR_ACCESS_DENIED") || line.includes("Access to this API has been restricted")),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        await exited;
      }
    },
  };
}
