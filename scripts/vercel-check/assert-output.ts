// What VERCEL.md requires of `vercel build`'s output, each check returning its problems (an empty
// list passes): the build log, config.json and its crons, the runtime, maxDuration, the size limit.
import { readFileSync } from "node:fs";
import path from "node:path";
import { MIB, type FunctionGroup } from "./output-functions";

/** Phrases of the builder that mean a function is too big or carries what it should not. */
export const FORBIDDEN_LOG_PHRASES = [
  "Max serverless function size",
  "almost reached",
  "Encountered unexpected file in NFT list",
  "tracing of the whole project",
];

/** The builder's own budget, below Vercel's 250 MB limit for an uncompressed function. */
export const MAX_FUNCTION_BYTES = 225 * MIB;
/** Hobby's ceiling; Pro allows more, but a deployment must work on every plan. */
export const MAX_DURATION_SECONDS = 300;

export function checkBuildLog(log: string): string[] {
  return FORBIDDEN_LOG_PHRASES.filter((phrase) => log.includes(phrase)).map((phrase) => `the build log says "${phrase}"`);
}

type OutputConfig = { version?: number; crons?: unknown };

export function checkConfig(outputDir: string, projectDir: string): string[] {
  const config = JSON.parse(readFileSync(path.join(outputDir, "config.json"), "utf8")) as OutputConfig;
  const vercelJson = JSON.parse(readFileSync(path.join(projectDir, "vercel.json"), "utf8")) as { crons?: unknown };
  const problems: string[] = [];
  if (config.version !== 3) problems.push(`config.json has version ${config.version}, expected 3`);
  if (JSON.stringify(config.crons ?? []) !== JSON.stringify(vercelJson.crons ?? [])) {
    problems.push(`config.json's crons ${JSON.stringify(config.crons)} differ from vercel.json's ${JSON.stringify(vercelJson.crons)}`);
  }
  return problems;
}

/**
 * The functions run on the Node major this check builds and runs them on (pinned-tools.ts), and
 * package.json's engines.node pins it: a range (">=20.19") makes Vercel pick its newest major.
 */
export function checkRuntimes(groups: FunctionGroup[], projectDir: string, major: number): string[] {
  const engines = (JSON.parse(readFileSync(path.join(projectDir, "package.json"), "utf8")) as { engines?: { node?: string } }).engines?.node;
  const problems: string[] = [];
  if (engines !== `${major}.x`) problems.push(`package.json's engines.node is ${JSON.stringify(engines)}; the check runs the functions on Node ${major}, so it must be "${major}.x" (Vercel picks the runtime from it)`);
  for (const group of groups) {
    if (group.config.runtime !== `nodejs${major}.x`) problems.push(`${group.name} runs on ${group.config.runtime}, the check tests nodejs${major}.x`);
  }
  return problems;
}

export function checkLimits(groups: FunctionGroup[]): string[] {
  const problems: string[] = [];
  for (const group of groups) {
    if ((group.config.maxDuration ?? 0) > MAX_DURATION_SECONDS) problems.push(`${group.name}: maxDuration ${group.config.maxDuration} s is over ${MAX_DURATION_SECONDS} s`);
    if (group.bytes >= MAX_FUNCTION_BYTES) problems.push(`${group.name}: ${(group.bytes / MIB).toFixed(1)} MiB, the limit is ${MAX_FUNCTION_BYTES / MIB} MiB`);
  }
  return problems;
}
