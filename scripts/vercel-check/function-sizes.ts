// Each function's size against the committed scripts/vercel-check/sizes.json: more than 10% away
// (either way) fails, so a dependency or a stray trace that adds megabytes is seen in the change
// that adds it. A change that means it updates sizes.json with it
// (`npm run check:vercel -- --update`), and then passes.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FunctionGroup } from "./output-functions";

export const SIZES_FILE = path.join(import.meta.dirname, "sizes.json");
const TOLERANCE = 0.1;

type Sizes = Record<string, { bytes: number; routes: number }>;

export function currentSizes(groups: FunctionGroup[]): Sizes {
  return Object.fromEntries(groups.map((group) => [group.name, { bytes: group.bytes, routes: group.routes.length }]));
}

export function checkSizes(groups: FunctionGroup[]): string[] {
  if (!existsSync(SIZES_FILE)) return [`${path.relative(process.cwd(), SIZES_FILE)} is missing: run npm run check:vercel -- --update and commit it`];
  const committed = JSON.parse(readFileSync(SIZES_FILE, "utf8")) as Sizes;
  const problems: string[] = [];
  const hint = "if that is meant, update sizes.json in the same change (npm run check:vercel -- --update)";
  for (const group of groups) {
    const before = committed[group.name];
    if (!before) {
      problems.push(`${group.name} is a new function (not in sizes.json); ${hint}`);
      continue;
    }
    const change = group.bytes / before.bytes - 1;
    if (Math.abs(change) > TOLERANCE) {
      problems.push(`${group.name} is ${(group.bytes / 1048576).toFixed(1)} MiB, ${(change * 100).toFixed(0)}% from sizes.json's ${(before.bytes / 1048576).toFixed(1)} MiB; ${hint}`);
    }
  }
  for (const name of Object.keys(committed)) {
    if (!groups.some((group) => group.name === name)) problems.push(`sizes.json names ${name}, which the build no longer has; ${hint}`);
  }
  return problems;
}

export function writeSizes(groups: FunctionGroup[]): void {
  writeFileSync(SIZES_FILE, JSON.stringify(currentSizes(groups), null, 2) + "\n");
}
