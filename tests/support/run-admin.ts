import { spawn } from "node:child_process";
import path from "node:path";
import { childEnv } from "./child-env";

const root = path.resolve(import.meta.dirname, "../..");

export type AdminResult = { code: number; stdout: string; stderr: string; json: unknown };

/** Runs `npm run --silent admin -- <args>` the way an operator would. */
export function runAdmin(args: string[], env: Record<string, string | undefined>): Promise<AdminResult> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", "admin", "--", ...args], { cwd: root, env: childEnv(env) });
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
