// The functions of a `vercel build` output (.vercel/output/functions), as Vercel deploys them: the
// builder writes one real `<route>.func` folder per group and links every other route of the
// group to it, so a group is one deployed function (one size, one cold start) serving many routes.
// A function's files are the folder's own (the launcher, .vc-config.json) plus every entry of
// the config's `filePathMap` (path in the function → path in the project).
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";

export type VcConfig = {
  handler: string;
  runtime: string;
  maxDuration?: number;
  useWebApi?: boolean;
  operationType?: string;
  filePathMap?: Record<string, string>;
};

export type FunctionGroup = {
  /** The real folder's route, e.g. `api/export` (folder `api/export.func`). */
  name: string;
  folder: string;
  config: VcConfig;
  /** Every route the group serves, its own first (`.rsc` and segment twins left out). */
  routes: string[];
  /** Every route, the `.rsc` payloads and prefetch segments too (what the router resolves). */
  allRoutes: string[];
  /** Bytes uncompressed, counted as Vercel counts them: the folder's files and the filePathMap. */
  bytes: number;
  /** Function-relative path → absolute source path, the folder's own files included. */
  files: Map<string, string>;
};

function walk(dir: string, visit: (file: string) => void): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.name.endsWith(".func")) visit(full);
    else if (entry.isDirectory()) walk(full, visit);
  }
}

function ownFiles(folder: string, prefix = ""): string[] {
  return readdirSync(path.join(folder, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(prefix, entry.name);
    return entry.isDirectory() ? ownFiles(folder, relative) : [relative];
  });
}

const routeOf = (functionsDir: string, funcPath: string) => path.relative(functionsDir, funcPath).replace(/\.func$/, "");
/** Routes a reader cares about: not Next's `.rsc` payload twins or prefetch segments. */
const isPrimaryRoute = (route: string) => !route.endsWith(".rsc") && !route.includes(".segments/");

export function readFunctionGroups(outputDir: string, projectDir: string): FunctionGroup[] {
  const functionsDir = path.join(outputDir, "functions");
  const groups = new Map<string, FunctionGroup>();
  const links: [string, string][] = [];
  walk(functionsDir, (funcPath) => {
    const route = routeOf(functionsDir, funcPath);
    if (lstatSync(funcPath).isSymbolicLink()) {
      links.push([route, realpathSync(funcPath)]);
      return;
    }
    const config = JSON.parse(readFileSync(path.join(funcPath, ".vc-config.json"), "utf8")) as VcConfig;
    const files = new Map<string, string>();
    for (const own of ownFiles(funcPath)) files.set(own, path.join(funcPath, own));
    for (const [inFunction, source] of Object.entries(config.filePathMap ?? {})) files.set(inFunction, path.resolve(projectDir, source));
    let bytes = 0;
    for (const source of files.values()) {
      // A link (Turbopack's aliases of external packages) counts as its own few bytes, as deployed.
      const info = lstatSync(source);
      bytes += info.isSymbolicLink() ? info.size : statSync(source).size;
    }
    groups.set(funcPath, { name: route, folder: funcPath, config, routes: [route], allRoutes: [], bytes, files });
  });
  for (const [route, target] of links) groups.get(target)?.routes.push(route);
  return [...groups.values()]
    .map((group) => ({ ...group, allRoutes: [...group.routes].sort(), routes: [group.routes[0], ...group.routes.slice(1).filter(isPrimaryRoute).sort()] }))
    .sort((a, b) => b.bytes - a.bytes);
}

/** The group serving a route (`api/posts`, `[username]/[slug]`, `_middleware`). */
export function groupOfRoute(groups: FunctionGroup[], route: string): FunctionGroup | undefined {
  return groups.find((group) => group.routes.includes(route));
}

export const MIB = 1024 * 1024;
