// `vercel build --prod`, offline, as Vercel's build machines run it (on the deployed Node major): the CLI reads .vercel/, runs
// vercel.json's build command (migrations, then `npm run build`) with VERCEL=1 and the
// production variables, and writes .vercel/output. The log is printed as it comes and kept.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { childEnv } from "../../tests/support/child-env";

/** `node` is the deployed major's binary: the CLI and every step of the build command run on it. */
export async function vercelBuild(node: string, cli: string, projectDir: string): Promise<{ ok: boolean; log: string; seconds: number }> {
  const started = performance.now();
  const child = spawn(node, [cli, "build", "--prod", "--yes"], {
    cwd: projectDir,
    // Nothing of the caller's own build setup may leak in: a deployment's build has only its variables.
    env: childEnv({
      PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ""}`,
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_DIST_DIR: undefined,
      NODE_ENV: undefined,
      DATABASE_URL: undefined,
      INKBASE_BUILD_STAMP: undefined,
    }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const take = (chunk: Buffer) => {
    log += chunk;
    process.stdout.write(chunk);
  };
  child.stdout.on("data", take);
  child.stderr.on("data", take);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  writeFileSync(path.join(projectDir, ".vercel", "build.log"), log);
  return { ok: code === 0, log, seconds: (performance.now() - started) / 1000 };
}
