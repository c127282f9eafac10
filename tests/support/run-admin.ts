import { spawn } from "node:child_process";
import path from "node:path";
import { childEnv } from "./child-env";

const root = path.resolve(import.meta.dirname, "../..");

export type AdminResult = { code: number; stdout: string; stderr: string; json: unknown };

/**
 * Runs `npm run --silent admin -- <args>` the way an operator would. With `cwd`, runs the same
 * script (`node --import tsx scripts/admin.ts`) in that directory instead of the project root,
 * so a test can give it `.env` files of its own; the directory needs a `node_modules` link for
 * tsx to resolve.
 */
export function runAdmin(args: string[], env: Record<string, string | undefined>, options: { cwd?: string } = {}): Promise<AdminResult> {
  return new Promise((resolve, reject) => {
    const child = options.cwd
      ? spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts/admin.ts"), ...args], { cwd: options.cwd, env: childEnv(env) })
      : spawn("npm", ["run", "--silent", "admin", "--", ...args], { cwd: root, env: childEnv(env) });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      const text = (code === 0 ? stdout : stderr).trim();
      let json: unknown = null;
      try {
        json = JSON.parse(text);
      } catch {
        // left null: the assertion on json will show stdout/stderr
      }
      resolve({ code: code ?? 1, stdout, stderr, json });
    });
  });
}
