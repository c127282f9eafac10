// Lays a build out the way Vercel deploys it: each function group in a folder of its own holding
// exactly its files (the .func folder's and its filePathMap's, nothing else of the project), and
// beside them what the edge serves (config.json's routes, static/, prerendered fallbacks). A
// function can then only read what was deployed with it. Files are hard links where the disk
// allows (the functions get no write access to them anyway), so a run folder stays valid after
// the project is rebuilt: bench/vercel-functions keeps one of a build from before a change.
import { copyFileSync, cpSync, linkSync, lstatSync, mkdirSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FunctionGroup, VcConfig } from "./output-functions";

export type RunManifest = {
  groups: { name: string; dir: string; routes: string[]; config: Omit<VcConfig, "filePathMap"> }[];
};

function place(source: string, target: string): void {
  mkdirSync(path.dirname(target), { recursive: true });
  if (lstatSync(source).isSymbolicLink()) return symlinkSync(readlinkSync(source), target);
  try {
    linkSync(source, target);
  } catch {
    copyFileSync(source, target);
  }
}

/** The prerender configs and fallbacks Vercel serves from its cache (`<route>.prerender-*`). */
function copyPrerenders(functionsDir: string, target: string, prefix = ""): void {
  for (const entry of readdirSync(path.join(functionsDir, prefix), { withFileTypes: true })) {
    const relative = path.join(prefix, entry.name);
    if (entry.name.endsWith(".func")) continue;
    if (entry.isDirectory()) copyPrerenders(functionsDir, target, relative);
    else if (entry.name.includes(".prerender-")) place(path.join(functionsDir, relative), path.join(target, relative));
  }
}

export function materialize(outputDir: string, groups: FunctionGroup[], runDir: string): RunManifest {
  rmSync(runDir, { recursive: true, force: true });
  const manifest: RunManifest = { groups: [] };
  for (const group of groups) {
    const dir = path.join("functions", `${group.name}.func`);
    for (const [inFunction, source] of group.files) place(source, path.join(runDir, dir, inFunction));
    const config = { ...group.config };
    delete config.filePathMap;
    manifest.groups.push({ name: group.name, dir, routes: group.allRoutes, config });
  }
  copyPrerenders(path.join(outputDir, "functions"), path.join(runDir, "prerender"));
  cpSync(path.join(outputDir, "static"), path.join(runDir, "static"), { recursive: true, verbatimSymlinks: true });
  copyFileSync(path.join(outputDir, "config.json"), path.join(runDir, "config.json"));
  writeFileSync(path.join(runDir, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
  return manifest;
}
