// The table of deployed functions: printed by the check and kept in docs/deploying.md between
// two markers. The check fails when the docs' table names other functions, routes, limits or
// runtimes than the build (sizes are compared with sizes.json instead, so a few kilobytes do not
// make the docs stale); `npm run check:vercel -- --update` rewrites it.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MIB, type FunctionGroup } from "./output-functions";

const START = "<!-- vercel-functions:start (written by npm run check:vercel -- --update) -->";
const END = "<!-- vercel-functions:end -->";

const code = (route: string) => `\`/${route}\``;

export function functionTable(groups: FunctionGroup[]): string {
  const rows = groups.map((group) => {
    const routes = group.routes.map(code);
    const shown = routes.length > 6 ? `${routes.slice(0, 6).join(", ")} and ${routes.length - 6} more` : routes.join(", ");
    return `| \`${group.name}\` | ${group.routes.length} | ${shown} | ${group.config.maxDuration ?? "default"} | ${group.config.runtime} | ${(group.bytes / MIB).toFixed(1)} MiB |`;
  });
  const lists = groups
    .filter((group) => group.routes.length > 6)
    .map((group) => `- \`${group.name}\` serves ${group.routes.map(code).join(", ")}.`);
  return [
    "| Function (its folder) | Routes | Serves | maxDuration (s) | Runtime | Size, uncompressed |",
    "|---|---:|---|---:|---|---:|",
    ...rows,
    "",
    ...lists,
  ].join("\n");
}

/** The table without its size column, for comparing docs with a build. */
const withoutSizes = (table: string) =>
  table
    .split("\n")
    .map((line) => line.replace(/\| [\d.]+ MiB \|$/, "|"))
    .join("\n")
    .trim();

function docsBlock(docs: string): string | undefined {
  const start = docs.indexOf(START);
  const end = docs.indexOf(END);
  return start >= 0 && end > start ? docs.slice(start + START.length, end) : undefined;
}

export function checkDocsTable(projectDir: string, groups: FunctionGroup[]): string[] {
  const block = docsBlock(readFileSync(path.join(projectDir, "docs/deploying.md"), "utf8"));
  if (block === undefined) return ["docs/deploying.md has no function table (its markers are missing)"];
  if (withoutSizes(block) !== withoutSizes(functionTable(groups))) {
    return ["docs/deploying.md's function table differs from this build's functions: run npm run check:vercel -- --update and commit it"];
  }
  return [];
}

export function writeDocsTable(projectDir: string, groups: FunctionGroup[]): void {
  const file = path.join(projectDir, "docs/deploying.md");
  const docs = readFileSync(file, "utf8");
  const start = docs.indexOf(START);
  const end = docs.indexOf(END);
  if (start < 0 || end < start) throw new Error("docs/deploying.md has no function table markers");
  writeFileSync(file, `${docs.slice(0, start + START.length)}\n${functionTable(groups)}\n${docs.slice(end)}`);
}
