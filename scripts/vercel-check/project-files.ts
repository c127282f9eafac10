// What `vercel build` reads from .vercel/ instead of Vercel's API (no token, no `vercel pull`):
// project.json with a `settings` object (the project's Build & Development settings) and the
// production environment's variables in .env.production.local. The CLI loads that file into the
// build's environment; the check gives the same variables to the functions it runs.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The project's settings as `vercel pull` would write them for a Next.js project on Node 20. */
export function projectJson(nodeMajor: string) {
  return {
    projectId: "prj_inkbasevercelcheck",
    orgId: "team_inkbasevercelcheck",
    projectName: "inkbase",
    settings: {
      framework: "nextjs",
      nodeVersion: `${nodeMajor}.x`,
      // Dependencies are installed already (npm ci); vercel.json names the build command.
      installCommand: "",
      buildCommand: null,
      devCommand: null,
      outputDirectory: null,
      rootDirectory: null,
      createdAt: 1764000000000,
    },
  };
}

export function writeVercelProjectFiles(projectDir: string, env: Record<string, string>): void {
  const dir = path.join(projectDir, ".vercel");
  mkdirSync(dir, { recursive: true });
  const major = process.versions.node.split(".")[0];
  writeFileSync(path.join(dir, "project.json"), JSON.stringify(projectJson(major), null, 2) + "\n");
  const lines = Object.entries(env).map(([name, value]) => `${name}=${JSON.stringify(value)}`);
  writeFileSync(path.join(dir, ".env.production.local"), lines.join("\n") + "\n");
}
